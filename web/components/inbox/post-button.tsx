"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { inboxCall } from "@/lib/inbox/client";

type Props = { path: `/api/inbox/${string}`; csrf: string; label: string; busyLabel: string };

/** A change with nothing to fill in (a notification sent again, a saved reply removed), then the
 * page as it now stands. */
export function PostButton({ path, csrf, label, busyLabel }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();

  function post() {
    setError(undefined);
    startTransition(async () => {
      const answer = await inboxCall(path, { csrf, body: {} });
      if (!answer.ok) setError(answer.message);
      router.refresh();
    });
  }

  return (
    <div className="space-y-2">
      <button type="button" onClick={post} disabled={pending} className="inbox-button">
        {pending ? busyLabel : label}
      </button>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
