"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";

type Props = { id: number; version: number; spam: boolean; csrf: string };

/** Lets a lead caught as spam into the inbox (Not spam), or puts one out (Mark as spam). */
export function SpamButton({ id, version, spam, csrf }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice>();

  function toggle() {
    setNotice(undefined);
    startTransition(async () => {
      const answer = await answerOf(
        inboxApi(csrf).POST("/api/inbox/leads/{lead_id}/spam", {
          params: { path: { lead_id: id } },
          body: { spam: !spam, version },
        }),
      );
      if (!answer.ok) setNotice({ error: true, text: answer.message });
      // The lead as it now stands: moved, or as a colleague's change left it.
      router.refresh();
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={toggle} disabled={pending} className="inbox-button">
        {pending ? "Moving…" : spam ? "Not spam" : "Mark as spam"}
      </button>
      <FormNotice notice={notice} />
    </div>
  );
}
