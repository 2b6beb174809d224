import { formatTime } from "@/lib/inbox/format";
import type { ChannelState, Notification } from "@/lib/inbox/types";

import { RetryButton } from "./retry-button";

const CHANNEL_NAMES: Record<string, string> = { email: "Sales e-mail", webhook: "Webhook" };

function describe({ state, at, error, next_attempt_at: next }: ChannelState): string {
  switch (state) {
    case "sent":
      return at ? `Sent ${formatTime(at)}` : "Sent";
    case "failed":
      return `Failed: ${error ?? "no reason given"}${next ? `. Next try ${formatTime(next)}` : ""}`;
    case "dead":
      return `Gave up: ${error ?? "no reason given"}`;
    case "pending":
      return "Waiting to be sent";
    case "not_configured":
      return "Not set up";
  }
}

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
                <dd>{describe(state)}</dd>
              </div>
            ))}
            <div>
              <dt>Tries</dt>
              <dd>{notification.attempts}</dd>
            </div>
          </dl>
          {retry && notification.status !== "delivered" ? <RetryButton {...retry} /> : null}
        </>
      )}
    </section>
  );
}
