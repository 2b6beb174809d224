"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { WebhookEndpoints } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";
import { SecretOnce } from "./secret-once";

type Props = { csrf: string; events: WebhookEndpoints["events"] };

/** A new endpoint: its URL, what it is for and the events it wants; its secret shown once after. */
export function EndpointForm({ csrf, events }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<Notice>();
  const [secret, setSecret] = useState<string>();

  async function send(data: FormData) {
    setNotice(undefined);
    const body = {
      url: String(data.get("url") ?? "").trim(),
      description: String(data.get("description") ?? ""),
      // The boxes ticked, as the service names them (a box is only ever one of them).
      events: events.filter((event) => data.getAll("event").includes(event)),
    };
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/webhooks", { body }),
    );
    if (!answer.ok) {
      setNotice({ error: true, text: answer.message });
      return;
    }
    setSecret(answer.data.secret);
    form.current?.reset();
    router.refresh();
  }

  return (
    <form
      ref={form}
      action={send}
      aria-label="New webhook endpoint"
      className="space-y-3"
    >
      <label className="inbox-label">
        URL
        <input
          name="url"
          type="url"
          required
          maxLength={2000}
          className="inbox-input"
          placeholder="https://"
        />
      </label>
      <label className="inbox-label">
        What it is for (optional)
        <input name="description" maxLength={200} className="inbox-input" />
      </label>
      <fieldset className="space-y-1">
        <legend className="font-medium">Events</legend>
        {events.map((event) => (
          <label key={event} className="flex items-center gap-2">
            <input type="checkbox" name="event" value={event} />
            <code>{event}</code>
          </label>
        ))}
      </fieldset>
      <SubmitButton label="Add endpoint" busyLabel="Adding…" />
      <FormNotice notice={notice} />
      {secret ? <SecretOnce secret={secret} /> : null}
    </form>
  );
}
