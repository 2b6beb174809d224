"use client";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import { inboxPaths } from "@/lib/inbox/paths";

/** Ends the session, then leaves for the sign-in page (a full load: nothing of the inbox stays). */
export function SignOutButton({ csrf }: { csrf: string }) {
  async function signOut() {
    await answerOf(inboxApi(csrf).POST("/api/inbox/sign-out"));
    window.location.assign(inboxPaths.login);
  }
  return (
    <form action={signOut}>
      <button type="submit" className="inbox-link">
        Sign out
      </button>
    </form>
  );
}
