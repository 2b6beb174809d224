import type { Metadata } from "next";

import { PostButton } from "@/components/inbox/post-button";
import { EndpointForm } from "@/components/inbox/webhooks/endpoint-form";
import { EndpointSwitches } from "@/components/inbox/webhooks/endpoint-switches";
import { forAdmins, getWebhookDeliveries, getWebhooks } from "@/lib/inbox/api";
import { formatTime } from "@/lib/inbox/format";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "Webhooks" };

const REFUSED = (
  <p className="inbox-error">Only admins keep the webhook endpoints.</p>
);

function state(endpoint: WebhookEndpoint): string {
  if (!endpoint.enabled)
    return endpoint.disabled_reason
      ? `Off: ${endpoint.disabled_reason}`
      : "Off";
  if (endpoint.failing_since)
    return `On, failing since ${formatTime(endpoint.failing_since)}`;
  return "On";
}

function tried(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return "not tried yet";
  const answer =
    last.status_code === null
      ? (last.error ?? "no answer")
      : `answered ${last.status_code}`;
  const count =
    delivery.attempts.length === 1
      ? "1 try"
      : `${delivery.attempts.length} tries`;
  return `${count}, the last ${formatTime(last.at)}: ${answer}`;
}

function Log({
  csrf,
  endpoint,
  deliveries,
}: {
  csrf: string;
  endpoint: number;
  deliveries: WebhookDelivery[];
}) {
  if (deliveries.length === 0)
    return <p className="text-muted">No deliveries in the last 7 days.</p>;
  return (
    <ol className="space-y-2">
      {deliveries.map((delivery) => (
        <li
          key={delivery.id}
          data-delivery={delivery.id}
          className="rounded border border-navy/10 p-2 text-sm"
        >
          <p>
            <code>{delivery.event}</code>{" "}
            {delivery.lead_id ? `(lead #${delivery.lead_id})` : ""},{" "}
            {delivery.status}; {tried(delivery)}
          </p>
          <p className="text-muted break-all">
            <code>{delivery.message_id}</code>,{" "}
            {formatTime(delivery.created_at)}
          </p>
          {delivery.attempts.at(-1)?.response ? (
            <pre className="max-h-24 overflow-auto text-xs whitespace-pre-wrap">
              {delivery.attempts.at(-1)?.response}
            </pre>
          ) : null}
          <PostButton
            change={{ kind: "redeliver", endpoint, delivery: delivery.id }}
            csrf={csrf}
            label="Redeliver"
            busyLabel="Queuing…"
          />
        </li>
      ))}
    </ol>
  );
}

export default async function WebhooksPage() {
  const read = await forAdmins(getWebhooks);
  if (!read) return REFUSED;
  const { session, data: webhooks } = read;
  const logs = await Promise.all(
    webhooks.endpoints.map((endpoint) => getWebhookDeliveries(endpoint.id)),
  );
  return (
    <>
      <h1 className="inbox-title">Webhooks</h1>
      <p className="max-w-prose">
        Each endpoint gets the events it chose, signed by the Standard Webhooks
        specification with its own secret, retried for about a day; one that
        fails for 3 days is switched off and the admins told. Only public
        addresses are taken.
      </p>
      <ul className="space-y-3">
        {webhooks.endpoints.map((endpoint, index) => (
          <li
            key={endpoint.id}
            data-endpoint={endpoint.id}
            className="max-w-3xl space-y-2 rounded-lg bg-white p-4"
          >
            <h2 className="font-semibold break-all text-navy">
              {endpoint.url}
            </h2>
            {endpoint.description ? (
              <p className="break-words">{endpoint.description}</p>
            ) : null}
            <p>
              {state(endpoint)}. Events: {endpoint.events.join(", ")}.
              {endpoint.legacy
                ? " Made from WEBHOOK_URL: also the old body and X-Lead-* headers."
                : ""}
            </p>
            <EndpointSwitches
              csrf={session.csrf}
              endpoint={endpoint.id}
              enabled={endpoint.enabled}
            />
            <PostButton
              change={{ kind: "testWebhook", endpoint: endpoint.id }}
              csrf={session.csrf}
              label="Send a test event"
              busyLabel="Queuing…"
            />
            <details className="space-y-2">
              <summary className="inbox-link cursor-pointer text-sm">
                Delivery log
              </summary>
              <Log
                csrf={session.csrf}
                endpoint={endpoint.id}
                deliveries={logs[index] ?? []}
              />
            </details>
            <details>
              <summary className="inbox-link cursor-pointer text-sm">
                Remove
              </summary>
              <PostButton
                change={{ kind: "removeWebhook", endpoint: endpoint.id }}
                csrf={session.csrf}
                label="Remove endpoint and its log"
                busyLabel="Removing…"
              />
            </details>
          </li>
        ))}
      </ul>
      {webhooks.endpoints.length === 0 ? (
        <p className="text-muted">No endpoints yet.</p>
      ) : null}
      <section
        aria-labelledby="new-endpoint"
        className="max-w-3xl space-y-3 rounded-lg bg-white p-6"
      >
        <h2 id="new-endpoint" className="text-lg font-semibold text-navy">
          New endpoint
        </h2>
        <EndpointForm csrf={session.csrf} events={webhooks.events} />
      </section>
    </>
  );
}
