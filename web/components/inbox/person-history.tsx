import { formatDay, formatTime } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { Lead } from "@/lib/inbox/types";
import { STATUSES } from "@/lib/inbox/work";

import { InboxLink } from "./inbox-link";

type Event = Lead["person"]["history"][number];

function what(event: Event): string {
  if (event.kind === "lead") return "Came in";
  if (event.kind === "answer") return "Their answer";
  return `${event.kind === "note" ? "Note" : "Reply"} by ${event.author?.name ?? "someone"}`;
}

/** The other leads sent with this lead's address (any capitals) or one merged with it, each with its
 * next step (the latest of them, with how many there are), and what came and was kept of them,
 * oldest first: one person, however many times, and from however many addresses, they wrote. */
export function PersonHistory({ person }: { person: Lead["person"] }) {
  return (
    <section aria-labelledby="person-heading" className="space-y-3">
      <h2 id="person-heading" className="text-lg font-semibold text-navy">
        Their other leads
      </h2>
      {person.leads.length === 0 ? (
        <p className="text-muted">
          No other lead came from {person.addresses.length > 1 ? "their addresses" : "this address"}.
        </p>
      ) : (
        <>
          {person.lead_count > person.leads.length ? (
            <p className="text-muted">
              The latest {person.leads.length} of their {person.lead_count.toLocaleString("en")} other leads.
            </p>
          ) : null}
          <ul className="space-y-1">
            {person.leads.map((other) => (
              <li key={other.id} data-person-lead={other.id}>
                <InboxLink href={inboxPaths.lead(other.id)} className="inbox-link">
                  {other.form_title} #{other.id}
                </InboxLink>{" "}
                <span className="text-muted">
                  · {formatTime(other.received)} · {STATUSES[other.status]}
                  {other.spam ? " · Spam" : ""}
                  {person.addresses.length > 1 ? <span className="break-all"> · {other.email}</span> : null}
                  {other.next_step ? ` · Next step ${formatDay(other.next_step.on)}: ${other.next_step.text}` : ""}
                </span>
              </li>
            ))}
          </ul>
          <ol className="space-y-2" aria-label="Their history">
            {person.history.map((event, index) => (
              <li key={index} data-event={event.kind} className="rounded-lg bg-white p-3">
                <p className="text-sm text-muted">
                  {formatTime(event.at)} · #{event.lead_id} · {what(event)}
                </p>
                {event.text ? <p className="mt-1 break-words whitespace-pre-wrap">{event.text}</p> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
