"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SecretOnce } from "./secret-once";

type Props = { csrf: string; endpoint: number; enabled: boolean };

/** An endpoint switched on or off, or given a new secret (shown once). */
export function EndpointSwitches({ csrf, endpoint, enabled }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice>();
  const [secret, setSecret] = useState<string>();
  const path = { params: { path: { endpoint_id: endpoint } } };

  function toggle() {
    setNotice(undefined);
    startTransition(async () => {
      const answer = await answerOf(
        inboxApi(csrf).POST("/api/inbox/webhooks/{endpoint_id}", {
          ...path,
          body: { enabled: !enabled },
        }),
      );
      if (!answer.ok) setNotice({ error: true, text: answer.message });
      router.refresh();
    });
  }

  function rotate() {
    setNotice(undefined);
    startTransition(async () => {
      const answer = await answerOf(
        inboxApi(csrf).POST("/api/inbox/webhooks/{endpoint_id}/secret", path),
      );
      if (answer.ok) setSecret(answer.data.secret);
      else setNotice({ error: true, text: answer.message });
      router.refresh();
    });
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={toggle}
          disabled={pending}
          className="inbox-button"
        >
          {enabled ? "Switch off" : "Switch on"}
        </button>
        <button
          type="button"
          onClick={rotate}
          disabled={pending}
          className="inbox-button"
        >
          New secret
        </button>
      </div>
      <FormNotice notice={notice} />
      {secret ? <SecretOnce secret={secret} /> : null}
    </div>
  );
}
