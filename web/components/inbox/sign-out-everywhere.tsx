"use client";

import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import { inboxPaths } from "@/lib/inbox/paths";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/**
 * Ends every session of the user's, this one too, then leaves for the sign-in page. Unlike a plain
 * sign-out it says so when the service did not do it: someone who believes a lost laptop signed
 * out when it is not is worse off than one who knows.
 */
export function SignOutEverywhere({ csrf }: { csrf: string }) {
  const [notice, setNotice] = useState<Notice>();

  async function signOut() {
    setNotice(undefined);
    const answer = await answerOf(inboxApi(csrf).POST("/api/inbox/sign-out/everywhere"));
    // 401: this session had ended already, and with it, perhaps, the others.
    if (!answer.ok && answer.status !== 401) return setNotice({ error: true, text: answer.message });
    window.location.assign(inboxPaths.login);
  }

  return (
    <form action={signOut} className="flex flex-col items-start gap-4">
      <SubmitButton label="Sign out everywhere" busyLabel="Signing out…" />
      <FormNotice notice={notice} />
    </form>
  );
}
