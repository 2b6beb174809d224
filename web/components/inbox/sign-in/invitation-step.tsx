"use client";

import { useState } from "react";

import { inbox } from "@/lib/content/inbox";
import { type SecondStep, sendPassword } from "@/lib/inbox/sign-in";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";

const { minPasswordLength } = inbox.limits;

/** At an invitation's link, the new user's own password, typed twice, in place of the password step. */
export function InvitationStep({ token, onPassed }: { token: string; onPassed: (step: SecondStep) => void }) {
  const [notice, setNotice] = useState<Notice>();

  async function submit(form: FormData) {
    setNotice(undefined);
    const answer = await sendPassword({
      token,
      password: String(form.get("password") ?? ""),
      repeat_password: String(form.get("repeat_password") ?? ""),
    });
    if (answer.ok) onPassed(answer.data);
    else setNotice({ error: true, text: answer.message });
  }

  return (
    <section aria-labelledby="invitation-heading" className="space-y-4">
      <h1 id="invitation-heading" className="inbox-title">
        Choose your password
      </h1>
      <p>
        At least {minPasswordLength} characters, and not one of the most common passwords. Then you set up your
        authenticator app.
      </p>
      <form action={submit} className="space-y-4">
        <label className="inbox-label">
          New password
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minPasswordLength}
            className="inbox-input"
          />
        </label>
        <label className="inbox-label">
          Repeat the new password
          <input name="repeat_password" type="password" autoComplete="new-password" required className="inbox-input" />
        </label>
        <FormNotice notice={notice} />
        <SubmitButton label="Continue" busyLabel="Saving…" />
      </form>
    </section>
  );
}
