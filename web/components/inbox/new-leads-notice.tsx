"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import { formatCount } from "@/lib/inbox/format";

// How often the list asks, besides whenever its tab comes back into view: a count off the
// primary key, cheap enough for every open list.
const EVERY_MS = 30_000;

/** Says when leads have come in since the list was read (the newest then: `after`), and shows
 * them on request: the list is read again. */
export function NewLeadsNotice({ after }: { after: number }) {
  const router = useRouter();
  const [count, setCount] = useState(0);

  useEffect(() => {
    let current = true;
    async function ask() {
      if (document.visibilityState !== "visible") return;
      const answer = await answerOf(inboxApi().GET("/api/inbox/leads/arrivals", { params: { query: { after } } }));
      if (current && answer.ok) setCount(answer.data.count);
    }
    const timer = window.setInterval(ask, EVERY_MS);
    document.addEventListener("visibilitychange", ask);
    window.addEventListener("focus", ask);
    return () => {
      current = false;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", ask);
      window.removeEventListener("focus", ask);
    };
  }, [after]);

  // The live region is there from the start, so that a screen reader reads what comes into it.
  return (
    <div role="status" className="empty:hidden">
      {count > 0 ? (
        <p className="flex flex-wrap items-center gap-3 rounded-md bg-teal-50 px-3 py-2">
          {formatCount(count, true)} new {count === 1 ? "lead has" : "leads have"} come in since this page was loaded.
          <button type="button" onClick={() => router.refresh()} className="inbox-button">
            Show them
          </button>
        </p>
      ) : null}
    </div>
  );
}
