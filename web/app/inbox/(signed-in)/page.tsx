import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { FormCounts } from "@/components/inbox/form-counts";
import { FormNotice } from "@/components/inbox/form-notice";
import { InboxLink } from "@/components/inbox/inbox-link";
import { LeadFilters } from "@/components/inbox/lead-filters";
import { LeadTable } from "@/components/inbox/lead-table";
import { NewLeadsNotice } from "@/components/inbox/new-leads-notice";
import { BulkWork } from "@/components/inbox/bulk-work";
import { SavedViews } from "@/components/inbox/saved-views";
import { BadQuery, getLeads, getOwners, getSession, getViews } from "@/lib/inbox/api";
import { pickQuery, withQuery } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { LeadsQueryName } from "@/lib/inbox/types";
import { MAY_WORK } from "@/lib/inbox/work";

export const metadata: Metadata = { title: "Leads" };

// What the list's URL may say; the service checks each.
const FILTERS = ["q", "form", "from", "to", "spam", "status", "owner", "new_for", "by"] as const satisfies readonly LeadsQueryName[];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LeadsPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = pickQuery(params, FILTERS);
  const asked = pickQuery(params, [...FILTERS, "cursor"] satisfies LeadsQueryName[]);
  const cursor = asked.get("cursor");
  // The filter form sends the filters left empty too: the view's address is kept to those set.
  if (Object.values(params).some((value) => value === "")) redirect(withQuery(inboxPaths.leads, asked, {}));
  // The leads are asked for alongside the session and the owners, not after them.
  const leads = getLeads(asked).then(
    (page) => ({ page }),
    (error: unknown) => {
      if (error instanceof BadQuery) return { refused: error };
      throw error;
    },
  );
  const [session, owners, views, answer] = await Promise.all([getSession(), getOwners(), getViews(), leads]);
  const mayWork = MAY_WORK.has(session.user.role);
  let body;
  if ("refused" in answer) {
    body = <FormNotice notice={{ error: true, text: Object.values(answer.refused.errors).flat().join(" ") }} />;
  } else {
    const { page } = answer;
    body = (
      <>
        {/* Keyed by the newest lead: shown them, the notice starts over from the new newest. */}
        <NewLeadsNotice key={page.newest_id} after={page.newest_id} />
        {page.counts ? <FormCounts counts={page.counts} query={view} /> : null}
        {mayWork && page.leads.length ? (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <BulkWork owners={owners} csrf={session.csrf} />
            {/* A plain link: the download streams, and the service records it. */}
            <a href={withQuery(inboxPaths.leadsExport, view, {})} download className="inbox-link">
              Download this view as CSV
            </a>
          </div>
        ) : null}
        <LeadTable leads={page.leads} choosable={mayWork} />
        <nav aria-label="Pages" className="flex gap-4">
          {cursor ? (
            <InboxLink href={withQuery(inboxPaths.leads, view, {})} className="inbox-link">
              Newest leads
            </InboxLink>
          ) : null}
          {page.next ? (
            <InboxLink href={withQuery(inboxPaths.leads, view, { cursor: page.next })} className="inbox-link">
              Older leads
            </InboxLink>
          ) : null}
        </nav>
      </>
    );
  }
  return (
    <>
      <h1 className="inbox-title">Leads</h1>
      <LeadFilters query={view} owners={owners} />
      <SavedViews views={views} query={view} csrf={session.csrf} />
      {body}
    </>
  );
}
