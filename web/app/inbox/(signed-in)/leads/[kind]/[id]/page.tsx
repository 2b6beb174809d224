import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { InboxLink } from "@/components/inbox/inbox-link";
import { NotificationPanel } from "@/components/inbox/notification-panel";
import { getLead, getSession } from "@/lib/inbox/api";
import { formatTime } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";

export const metadata: Metadata = { title: "Lead" };

// Who may send a notification again; the service checks the role itself.
const MAY_RETRY = new Set(["sales", "admin"]);

type Props = { params: Promise<{ kind: string; id: string }> };

export default async function LeadPage({ params }: Props) {
  const { kind, id: rawId } = await params;
  const id = /^[1-9][0-9]{0,15}$/.test(rawId) ? Number(rawId) : undefined;
  if (id === undefined) notFound();
  const [session, lead] = await Promise.all([getSession(), getLead(kind, id)]);
  const name = lead.fields.find((field) => field.field === "name")?.value ?? "";
  return (
    <>
      <p>
        <InboxLink href={inboxPaths.leads} className="inbox-link">
          All leads
        </InboxLink>
      </p>
      <h1 className="inbox-title break-words">{name}</h1>
      <p className="text-muted">
        {lead.form_title} · received {formatTime(lead.received)}
        {lead.spam ? <span className="inbox-badge ml-2">Spam</span> : null}
      </p>
      <dl className="inbox-fields rounded-lg bg-white p-6">
        {lead.fields.map((field) => (
          <div key={field.field} data-field={field.field}>
            <dt>{field.label}</dt>
            <dd>{field.value ?? "—"}</dd>
          </div>
        ))}
        <div data-field="page">
          <dt>Sent from page</dt>
          {/* As text, never a link: the page is whatever the sender's browser claimed. */}
          <dd className="break-all">{lead.page ?? "—"}</dd>
        </div>
      </dl>
      <NotificationPanel
        notification={lead.notification}
        retry={MAY_RETRY.has(session.user.role) ? { kind: lead.kind, id: lead.id, csrf: session.csrf } : undefined}
      />
    </>
  );
}
