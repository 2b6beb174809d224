import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { Conversation } from "@/components/inbox/conversation";
import { DealForm } from "@/components/inbox/deal-form";
import { DealSummary } from "@/components/inbox/deal-summary";
import { InboxLink } from "@/components/inbox/inbox-link";
import { LeadNotes } from "@/components/inbox/lead-notes";
import { LeadOrigin } from "@/components/inbox/lead-origin";
import { NextStepForm } from "@/components/inbox/next-step-form";
import { NotificationPanel } from "@/components/inbox/notification-panel";
import { PersonAddresses } from "@/components/inbox/person-addresses";
import { PersonHistory } from "@/components/inbox/person-history";
import { SpamButton } from "@/components/inbox/spam-button";
import { WorkForm } from "@/components/inbox/work-form";
import { WorkSummary } from "@/components/inbox/work-summary";
import { getLead, getOwners, getPersonSuggestions, getPipeline, getSavedReplies, getSession } from "@/lib/inbox/api";
import { contactHref } from "@/lib/inbox/contact-links";
import { formatTime } from "@/lib/inbox/format";
import { inboxPaths, leadId } from "@/lib/inbox/paths";
import { fillSavedReply, replyValues } from "@/lib/inbox/saved-replies";
import { MAY_WORK } from "@/lib/inbox/work";

export const metadata: Metadata = { title: "Lead" };

type Props = { params: Promise<{ lead: string }> };

export default async function LeadPage({ params }: Props) {
  const id = leadId((await params).lead);
  if (id === undefined) notFound();
  const [session, lead, owners, saved, pipeline, suggestions] = await Promise.all([
    getSession(),
    getLead(id),
    getOwners(),
    getSavedReplies(),
    getPipeline(),
    getPersonSuggestions(id),
  ]);
  const mayWork = MAY_WORK.has(session.user.role);
  const values = replyValues(lead, session.user.name);
  const starts = saved.map(({ title, body }) => ({ title, text: fillSavedReply(body, values) }));
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
        {lead.fields.map((field) => {
          const href = contactHref(field.field, field.value);
          return (
            <div key={field.field} data-field={field.field}>
              <dt>{field.label}</dt>
              <dd>
                {href ? (
                  <a href={href} className="inbox-link break-all">
                    {field.value}
                  </a>
                ) : (
                  (field.value ?? "—")
                )}
              </dd>
            </div>
          );
        })}
        <div data-field="page">
          <dt>Sent from page</dt>
          {/* As text, never a link: the page is whatever the sender's browser claimed. */}
          <dd className="break-all">{lead.page ?? "—"}</dd>
        </div>
      </dl>
      <LeadOrigin lead={lead} />
      <section aria-labelledby="work-heading" className="space-y-3">
        <h2 id="work-heading" className="text-lg font-semibold text-navy">
          Work
        </h2>
        <WorkSummary work={lead.work} received={lead.received} />
        {mayWork ? (
          <SpamButton id={lead.id} version={lead.work.version} spam={lead.work.spam} csrf={session.csrf} />
        ) : null}
        {mayWork ? <WorkForm id={lead.id} work={lead.work} owners={owners} csrf={session.csrf} /> : null}
        {/* The owner's promise: theirs (or an admin's) to set; the service checks it again. */}
        {lead.work.owner?.id === session.user.id || session.user.role === "admin" ? (
          <NextStepForm id={lead.id} step={lead.work.next_step} csrf={session.csrf} />
        ) : null}
      </section>
      <section aria-labelledby="deal-heading" className="space-y-3">
        <h2 id="deal-heading" className="text-lg font-semibold text-navy">
          Deal
        </h2>
        <DealSummary deal={lead.deal} />
        {mayWork ? <DealForm id={lead.id} deal={lead.deal} pipeline={pipeline} csrf={session.csrf} /> : null}
      </section>
      <Conversation
        id={lead.id}
        messages={lead.conversation}
        off={lead.replies_off}
        csrf={mayWork ? session.csrf : undefined}
        starts={starts}
      />
      <LeadNotes id={lead.id} notes={lead.notes} csrf={mayWork ? session.csrf : undefined} />
      <PersonAddresses
        id={lead.id}
        person={lead.person}
        suggestions={suggestions}
        csrf={mayWork ? session.csrf : undefined}
      />
      <PersonHistory person={lead.person} />
      <NotificationPanel
        notification={lead.notification}
        retry={mayWork ? { id: lead.id, csrf: session.csrf } : undefined}
      />
    </>
  );
}
