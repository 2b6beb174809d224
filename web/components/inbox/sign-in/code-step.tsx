"use client";

import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";
import { CodeField } from "./code-field";

/** The authenticator app's code, or a recovery code; then the page asked for, loaded afresh. */
export function CodeStep({ csrf, next }: { csrf: string; next: string }) {
  const [notice, setNotice] = useState<Notice>();

  async function submit(form: FormData) {
    setNotice(undefined);
    const code = String(form.get("code") ?? "");
    const answer = await answerOf(inboxApi(csrf).POST("/api/inbox/sign-in/code", { body: { code } }));
    if (answer.ok) window.location.assign(next);
    else setNotice({ error: true, text: answer.message });
  }

  return (
    <section aria-labelledby="code-heading" className="space-y-4">
      <h1 id="code-heading" className="inbox-title">
        Enter your code
      </h1>
      <form action={submit} className="space-y-4">
        <CodeField label="The six-digit code from your authenticator app, or a recovery code" />
        <FormNotice notice={notice} />
        <SubmitButton label="Sign in" busyLabel="Checking…" />
      </form>
    </section>
  );
}
