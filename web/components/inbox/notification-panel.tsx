import { formatDelivery } from "@/lib/inbox/format";
import type { Notification } from "@/lib/inbox/types";

import { PostButton } from "./post-button";

const CHANNEL_NAMES: Record<string, string> = { email: "Sales e-mail", webhook: "Webhook" };

/** Where the lead's notification stands on each channel, with Retry for those who may. */
export function NotificationPanel({
  notification,
  retry,
}: {
  notification: Notification | null;
  retry?: { id: number; csrf: string };
}) {
  return (
    <section aria-labelledby="notification-heading" className="space-y-3">
      <h2 id="notification-heading" className="text-lg font-semibold text-navy">
        Notification
      </h2>
      {notification === null ? (
        <p>Marked as spam: nobody was told of this lead.</p>
      ) : (
        <>
          <dl className="inbox-fields">
            {Object.entries(notification.channels).map(([channel, state]) => (
              <div key={channel} data-channel={channel} data-state={state.state}>
                <dt>{CHANNEL_NAMES[channel] ?? channel}</dt>
                <dd>{formatDelivery(state)}</dd>
              </div>
            ))}
            <div>
              <dt>Tries</dt>
              <dd>{notification.attempts}</dd>
            </div>
          </dl>
          {retry && notification.status !== "delivered" ? (
            <PostButton change={{ kind: "retry", lead: retry.id }} csrf={retry.csrf} label="Retry" busyLabel="Queuing…" />
          ) : null}
        </>
      )}
    </section>
  );
}
