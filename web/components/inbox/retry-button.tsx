"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { inboxCall } from "@/lib/inbox/client";

/** Sends a lead's notification again, then shows its state afresh. */
export function RetryButton({ id, csrf }: { id: number; csrf: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();

  function retry() {
    setError(undefined);
    startTransition(async () => {
      const answer = await inboxCall(`/api/inbox/leads/${id}/retry`, { csrf, body: {} });
      if (!answer.ok) setError(answer.message);
      router.refresh();
    });
  }

  return (
    <div className="space-y-2">
      <button type="button" onClick={retry} disabled={pending} className="inbox-button">
        {pending ? "Queuing…" : "Retry"}
      </button>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
