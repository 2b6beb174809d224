import { formatDay, formatTime } from "@/lib/inbox/format";
import type { Work } from "@/lib/inbox/types";
import { formatDuration, STATUSES } from "@/lib/inbox/work";

/** Where a lead stands, who has it, how long its first response took (or has been waited for), and
 * its next step. */
export function WorkSummary({ work, received }: { work: Work; received: string }) {
  // A Server Component: rendered once per request and never again in the browser, so the wait,
  // counted to that request, has no later render to disagree with.
  // eslint-disable-next-line react-hooks/purity -- a Server Component renders once per request
  const waited = Math.max(0, (Date.now() - Date.parse(received)) / 1000);
  return (
    <dl className="inbox-fields sm:grid-cols-3">
      <div data-field="status">
        <dt>Status</dt>
        <dd>{STATUSES[work.status]}</dd>
      </div>
      <div data-field="owner">
        <dt>Owner</dt>
        <dd>{work.owner?.name ?? "Nobody"}</dd>
      </div>
      <div data-field="first-response">
        <dt>First response</dt>
        <dd>
          {work.first_response_at && work.response_seconds !== null
            ? `After ${formatDuration(work.response_seconds)} (${formatTime(work.first_response_at)})`
            : `None yet: waiting ${formatDuration(waited)}`}
        </dd>
      </div>
      <div data-field="next-step" className="sm:col-span-3">
        <dt>Next step</dt>
        <dd>{work.next_step ? `${work.next_step.text} (due ${formatDay(work.next_step.on)})` : "None set"}</dd>
      </div>
    </dl>
  );
}
