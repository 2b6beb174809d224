// A change sent from one of the inbox's small forms, the way each of them sends it.

import { useRouter } from "next/navigation";
import { useState } from "react";

import { inboxCall } from "./client";

/** The service's message when a change was refused, and the send: true when the change was made,
 * and the page's server data shown anew. */
export function useChange(csrf: string) {
  const router = useRouter();
  const [error, setError] = useState<string>();

  async function change(path: `/api/inbox/${string}`, body: unknown): Promise<boolean> {
    setError(undefined);
    const answer = await inboxCall(path, { csrf, body });
    if (!answer.ok) {
      setError(answer.message);
      return false;
    }
    router.refresh();
    return true;
  }

  return { error, change };
}
