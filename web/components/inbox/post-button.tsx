"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import type { InboxApi } from "@/lib/inbox/api-client";
import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";

/** The changes with nothing to fill in. */
export type BareChange =
  | { kind: "retry"; lead: number }
  | { kind: "confirm"; lead: number; message: number }
  | { kind: "dismiss"; setAside: number }
  | { kind: "remove"; savedReply: number }
  | { kind: "removeRule"; rule: number }
  | { kind: "removeGroup"; group: number }
  | { kind: "removeView"; view: number }
  | { kind: "merge"; lead: number; other: number }
  | { kind: "undoMerge"; merge: number }
  | { kind: "removeWebhook"; endpoint: number }
  | { kind: "testWebhook"; endpoint: number }
  | { kind: "redeliver"; endpoint: number; delivery: number }
  | { kind: "revokeToken"; token: number };

async function post(api: InboxApi, change: BareChange) {
  switch (change.kind) {
    case "retry":
      return api.POST("/api/inbox/leads/{lead_id}/retry", { params: { path: { lead_id: change.lead } } });
    case "confirm":
      return api.POST("/api/inbox/leads/{lead_id}/messages/{message_id}/confirm", {
        params: { path: { lead_id: change.lead, message_id: change.message } },
      });
    case "dismiss":
      return api.POST("/api/inbox/unfiled/{set_aside_id}/dismiss", { params: { path: { set_aside_id: change.setAside } } });
    case "remove":
      return api.POST("/api/inbox/saved-replies/{saved_reply_id}/remove", {
        params: { path: { saved_reply_id: change.savedReply } },
      });
    case "removeRule":
      return api.POST("/api/inbox/assignment/rules/{rule_id}/remove", { params: { path: { rule_id: change.rule } } });
    case "removeView":
      return api.POST("/api/inbox/views/{view_id}/remove", { params: { path: { view_id: change.view } } });
    case "merge":
      return api.POST("/api/inbox/leads/{lead_id}/person/merge", {
        params: { path: { lead_id: change.lead } },
        body: { lead_id: change.other },
      });
    case "undoMerge":
      return api.POST("/api/inbox/person-merges/{merge_id}/undo", { params: { path: { merge_id: change.merge } } });
    case "removeWebhook":
      return api.POST("/api/inbox/webhooks/{endpoint_id}/remove", { params: { path: { endpoint_id: change.endpoint } } });
    case "testWebhook":
      return api.POST("/api/inbox/webhooks/{endpoint_id}/test", { params: { path: { endpoint_id: change.endpoint } } });
    case "redeliver":
      return api.POST("/api/inbox/webhooks/{endpoint_id}/deliveries/{delivery_id}/redeliver", {
        params: { path: { endpoint_id: change.endpoint, delivery_id: change.delivery } },
      });
    case "revokeToken":
      return api.POST("/api/inbox/tokens/{token_id}/revoke", { params: { path: { token_id: change.token } } });
    case "removeGroup":
      return api.POST("/api/inbox/assignment/groups/{group_id}/remove", {
        params: { path: { group_id: change.group } },
      });
  }
}

type Props = { change: BareChange; csrf: string; label: string; busyLabel: string };

/** A change with nothing to fill in (a notification sent again, a saved reply removed), then the
 * page as it now stands. */
export function PostButton({ change, csrf, label, busyLabel }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice>();

  function send() {
    setNotice(undefined);
    startTransition(async () => {
      const answer = await answerOf(post(inboxApi(csrf), change));
      if (!answer.ok) setNotice({ error: true, text: answer.message });
      router.refresh();
    });
  }

  return (
    <div className="space-y-2">
      <button type="button" onClick={send} disabled={pending} className="inbox-button">
        {pending ? busyLabel : label}
      </button>
      <FormNotice notice={notice} />
    </div>
  );
}
