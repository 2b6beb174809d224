"use client";

import { useState } from "react";

import { type SecondStep, sendPassword } from "@/lib/inbox/sign-in";
import type { SignInMethods } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";
import { ProviderButton } from "./provider-button";

const PASSWORD_ONLY: SignInMethods = { password: true, oidc: null };

/** E-mail and password, the address staying in its field when they are refused; and the button of
 * the company's OpenID provider when it is set up (alone when passwords are off), with what its
 * sign-in was refused for. */
export function PasswordStep({
  onPassed,
  methods = PASSWORD_ONLY,
  refusal,
}: {
  onPassed: (step: SecondStep) => void;
  methods?: SignInMethods;
  refusal?: string;
}) {
  const [email, setEmail] = useState("");
  const [notice, setNotice] = useState<Notice | undefined>(refusal === undefined ? undefined : { error: true, text: refusal });

  async function submit(form: FormData) {
    setNotice(undefined);
    const given = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setEmail(given.email);
    const answer = await sendPassword(given);
    if (answer.ok) onPassed(answer.data);
    else setNotice({ error: true, text: answer.message });
  }

  return (
    <section aria-labelledby="sign-in-heading" className="space-y-4">
      <h1 id="sign-in-heading" className="inbox-title">
        Sign in to the lead inbox
      </h1>
      {methods.oidc !== null && <ProviderButton name={methods.oidc} />}
      {!methods.password && <FormNotice notice={notice} />}
      {methods.password && (
      <form action={submit} className="space-y-4">
        <label className="inbox-label">
          Email
          <input name="email" type="email" autoComplete="username" required defaultValue={email} className="inbox-input" />
        </label>
        <label className="inbox-label">
          Password
          <input name="password" type="password" autoComplete="current-password" required className="inbox-input" />
        </label>
        <FormNotice notice={notice} />
        <SubmitButton label="Continue" busyLabel="Signing in…" />
      </form>
      )}
    </section>
  );
}
