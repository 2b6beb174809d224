// A change sent from one of the inbox's small forms, the way each of them sends it.

import { useRouter } from "next/navigation";
import { useState } from "react";

import type { InboxApi, Result } from "./api-client";
import { answerOf, inboxApi } from "./client";

/** What a change's form says after it ran: announced as an alert when it failed, else politely. */
export type Notice = { error: boolean; text: string };

/** One call of the client, made with the session's token; its answer's JSON is not read. */
export type Send = (api: InboxApi) => Promise<Result>;

/** The service's message when a change was refused (for a FormNotice), and the send: true when the
 * change was made, and the page's server data shown anew. */
export function useChange(csrf: string) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>();

  async function change(send: Send): Promise<boolean> {
    setNotice(undefined);
    const answer = await answerOf(send(inboxApi(csrf)));
    if (!answer.ok) {
      setNotice({ error: true, text: answer.message });
      return false;
    }
    router.refresh();
    return true;
  }

  return { notice, change };
}
