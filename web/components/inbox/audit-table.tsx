import { formatTime, withQuery } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { AuditPage } from "@/lib/inbox/types";

import { InboxLink } from "./inbox-link";

/** "sign_in_failed" as "Sign in failed". */
export const actionName = (action: string) => action.charAt(0).toUpperCase() + action.slice(1).replaceAll("_", " ");

/** The trail's events, newest first: who (a link to their events), when, what, which lead. */
export function AuditTable({ page, query }: { page: AuditPage; query: URLSearchParams }) {
  if (page.events.length === 0) return <p className="py-8 text-muted">No events match.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="inbox-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Lead</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {page.events.map((event) => {
            const actor = event.actor_id === null ? undefined : page.users[String(event.actor_id)];
            return (
              <tr key={event.id} data-action={event.action}>
                <td className="whitespace-nowrap">{formatTime(event.at)}</td>
                <td>
                  {actor && event.actor_id !== null ? (
                    <InboxLink
                      href={withQuery(inboxPaths.audit, query, { user: String(event.actor_id), before: undefined })}
                      className="text-teal-700 underline"
                    >
                      {actor.name}
                    </InboxLink>
                  ) : (
                    <span className="text-muted">Nobody known</span>
                  )}
                  {actor ? <span className="block text-sm text-muted">{actor.email}</span> : null}
                  {event.token_id !== null ? (
                    <span className="block text-sm text-muted">
                      with the API token {page.tokens[String(event.token_id)]?.name ?? event.token_id}
                    </span>
                  ) : null}
                </td>
                <td>{actionName(event.action)}</td>
                <td>
                  {event.lead ? (
                    <InboxLink href={inboxPaths.lead(event.lead.id)} className="text-teal-700 underline">
                      Lead {event.lead.id}
                    </InboxLink>
                  ) : null}
                </td>
                <td className="text-sm">
                  {Object.entries(event.detail)
                    .map(([name, value]) => `${name.replaceAll("_", " ")}: ${String(value)}`)
                    .join(", ")}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
