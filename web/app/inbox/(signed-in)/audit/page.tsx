import type { Metadata } from "next";

import { actionName, AuditTable } from "@/components/inbox/audit-table";
import { InboxLink } from "@/components/inbox/inbox-link";
import { BadQuery, forAdmins, getAudit } from "@/lib/inbox/api";
import { pickQuery, withQuery } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { AuditPage as Trail, AuditQueryName } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "Audit trail" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// What the trail's URL may say, and its page; the service checks each.
const FILTERS = ["user", "action"] as const satisfies readonly AuditQueryName[];
const ASKED = [...FILTERS, "before"] satisfies AuditQueryName[];

const REFUSED = <p className="inbox-error">Only admins read the audit trail.</p>;

export default async function AuditPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = pickQuery(params, FILTERS);
  const asked = pickQuery(params, ASKED);
  let trail: Trail;
  try {
    const read = await forAdmins(() => getAudit(asked));
    if (!read) return REFUSED;
    trail = read.data;
  } catch (error) {
    if (error instanceof BadQuery) return <p className="inbox-error">That filter is not one of the trail&apos;s.</p>;
    throw error;
  }
  return (
    <>
      <h1 className="inbox-title">Audit trail</h1>
      <form method="get" action={inboxPaths.audit} className="flex flex-wrap items-end gap-3">
        {view.get("user") ? <input type="hidden" name="user" value={view.get("user") ?? ""} /> : null}
        <label className="inbox-label">
          Action
          <select name="action" defaultValue={view.get("action") ?? ""} className="inbox-input">
            <option value="">Every action</option>
            {trail.actions.map((action) => (
              <option key={action} value={action}>
                {actionName(action)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="inbox-button">
          Apply
        </button>
        {view.get("user") ? (
          <InboxLink href={withQuery(inboxPaths.audit, view, { user: undefined })} className="inbox-link self-center">
            Every user
          </InboxLink>
        ) : null}
      </form>
      <AuditTable page={trail} query={view} />
      {trail.next ? (
        <InboxLink href={withQuery(inboxPaths.audit, view, { before: String(trail.next) })} className="inbox-link">
          Older events
        </InboxLink>
      ) : null}
    </>
  );
}
