import type { Metadata } from "next";

import { InboxLink } from "@/components/inbox/inbox-link";
import { getDue } from "@/lib/inbox/api";
import { formatDay } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import { STATUSES } from "@/lib/inbox/work";

export const metadata: Metadata = { title: "Due" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DuePage({ searchParams }: Props) {
  const who = (await searchParams).who === "everyone" ? "everyone" : "mine";
  const due = await getDue(who);
  return (
    <>
      <h1 className="inbox-title">Due</h1>
      <p className="max-w-prose">
        The next steps due today ({formatDay(due.today)}, UTC) or before, the longest waiting first. A lead&apos;s owner
        sets its next step on its page.
      </p>
      <nav aria-label="Whose" className="flex gap-2">
        <InboxLink href={inboxPaths.due} className="inbox-tab" aria-current={who === "mine" ? "page" : undefined}>
          Mine
        </InboxLink>
        <InboxLink
          href={`${inboxPaths.due}?who=everyone`}
          className="inbox-tab"
          aria-current={who === "everyone" ? "page" : undefined}
        >
          Everyone&apos;s
        </InboxLink>
      </nav>
      {due.leads.length === 0 ? (
        <p className="py-8 text-muted">Nothing is due.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="inbox-table inbox-cards">
            <thead>
              <tr>
                <th scope="col">Due</th>
                <th scope="col">Next step</th>
                <th scope="col">Lead</th>
                <th scope="col">Form</th>
                <th scope="col">Status</th>
                <th scope="col">Owner</th>
              </tr>
            </thead>
            <tbody>
              {due.leads.map((lead) => (
                <tr key={lead.id} data-lead={lead.id}>
                  <td data-label="Due" className="whitespace-nowrap">
                    {formatDay(lead.next_step.on)}
                    {lead.next_step.on < due.today ? <span className="inbox-badge ml-2">Overdue</span> : null}
                  </td>
                  <td className="break-words max-sm:order-first">{lead.next_step.text}</td>
                  <td data-label="Lead" className="break-words">
                    <InboxLink href={inboxPaths.lead(lead.id)} className="font-medium text-teal-700 underline">
                      {lead.name}
                    </InboxLink>
                    {lead.company ? <span className="text-muted"> · {lead.company}</span> : null}
                  </td>
                  <td data-label="Form">{lead.form_title}</td>
                  <td data-label="Status">{STATUSES[lead.status]}</td>
                  <td data-label="Owner">{lead.owner?.name ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {due.more ? <p className="text-muted">More are due than shown here: see your own.</p> : null}
        </div>
      )}
    </>
  );
}
