import { getForms } from "@/lib/content";
import { formatTime } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { LeadRow } from "@/lib/inbox/types";
import { BULK_FORM, chosenValue, STATUSES } from "@/lib/inbox/work";

import { Highlighted } from "./highlighted";
import { InboxLink } from "./inbox-link";

// Fields a search can match that the list has no column for: shown under the name.
const ALSO_FOUND: Record<string, string> = { phone: "Phone", message: "Message", project: "Project" };

/**
 * The list's rows. Every value is shown as text (React escapes it): leads are strangers' words.
 * With `choosable`, each row has a checkbox of the bulk change's form. Below 640 px each row is a
 * card of its name, form, time, status and owner (inbox.css, `inbox-cards`), each labelled.
 */
export function LeadTable({ leads, choosable = false }: { leads: LeadRow[]; choosable?: boolean }) {
  const forms = getForms().forms as Record<string, { title: string }>;
  if (leads.length === 0) return <p className="py-8 text-muted">No leads match this view.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="inbox-table inbox-cards">
        <thead>
          <tr>
            {choosable ? (
              <th scope="col">
                <span className="sr-only">Chosen</span>
              </th>
            ) : null}
            <th scope="col">Received</th>
            <th scope="col">Form</th>
            <th scope="col">Name</th>
            <th scope="col">Company</th>
            <th scope="col">E-mail</th>
            <th scope="col">Page</th>
            <th scope="col">Sales e-mail</th>
            <th scope="col">Status</th>
            <th scope="col">Owner</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} data-lead={lead.id}>
              {choosable ? (
                <td>
                  <input
                    type="checkbox"
                    name="lead"
                    form={BULK_FORM}
                    value={chosenValue(lead.id, lead.version)}
                    aria-label={`Choose ${lead.name}`}
                  />
                </td>
              ) : null}
              <td data-label="Received" className="whitespace-nowrap">
                {formatTime(lead.received)}
              </td>
              <td data-label="Form">
                {forms[lead.form]?.title ?? lead.form}
                {lead.spam ? <span className="inbox-badge ml-2">Spam</span> : null}
              </td>
              <td className="max-sm:order-first">
                <InboxLink href={inboxPaths.lead(lead.id)} className="font-medium text-teal-700 underline">
                  <Highlighted text={lead.name} segments={lead.highlight?.name} />
                </InboxLink>
                {lead.person_leads && lead.person_leads > 1 ? (
                  <span className="inbox-badge ml-2" data-person-leads={lead.person_leads}>
                    {lead.person_leads} leads
                  </span>
                ) : null}
                {Object.entries(ALSO_FOUND).map(([field, label]) =>
                  lead.highlight?.[field] ? (
                    <p key={field} className="text-sm text-muted">
                      {label}: <Highlighted text={null} segments={lead.highlight[field]} />
                    </p>
                  ) : null,
                )}
              </td>
              <td className="max-sm:hidden">
                <Highlighted text={lead.company} segments={lead.highlight?.company} />
              </td>
              <td className="break-all max-sm:hidden">
                <Highlighted text={lead.email} segments={lead.highlight?.email} />
              </td>
              <td className="break-all max-sm:hidden">{lead.page ?? ""}</td>
              <td className="max-sm:hidden">{lead.spam ? "Not sent (spam)" : lead.notified ? "Sent" : "Not yet"}</td>
              <td data-label="Status" data-status={lead.status}>
                {STATUSES[lead.status]}
              </td>
              <td data-label="Owner">{lead.owner?.name ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
