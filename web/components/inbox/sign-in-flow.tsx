"use client";

import { useState } from "react";

import { inbox } from "@/lib/content/inbox";
import { inboxCall } from "@/lib/inbox/client";
import type { Enrolled, Enrolment, SignInCsrf, SignInStep } from "@/lib/inbox/types";

import { SubmitButton } from "./submit-button";

type Step =
  | { name: "password" }
  | { name: "code"; csrf: string }
  | { name: "enrol"; csrf: string; enrolment: Enrolment }
  | { name: "recovery"; codes: string[] };

/** The secret in groups of four, as authenticator apps show theirs: easier to type without a slip. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Signing in: e-mail and password, then the authenticator app's code (or a recovery code); at the
 * first sign-in, setting the app up from a QR code or the secret as text, then the ten recovery
 * codes, shown this once. Forms with actions: before the script runs, a submit sends nothing.
 */
export function SignInFlow({ next, invitation }: { next: string; invitation?: string }) {
  const [step, setStep] = useState<Step>({ name: "password" });
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();

  async function submitPassword(form: FormData) {
    setError(undefined);
    setEmail(String(form.get("email") ?? ""));
    const start = await inboxCall<SignInCsrf>("/api/inbox/sign-in");
    if (!start.ok) return setError(start.message);
    // At an invitation's link, the password chosen takes the place of the password step.
    const answer = await inboxCall<SignInStep>(
      invitation === undefined ? "/api/inbox/sign-in" : "/api/inbox/invitation",
      {
        csrf: start.data.csrf,
        body:
          invitation === undefined
            ? { email: form.get("email"), password: form.get("password") }
            : { token: invitation, password: form.get("password"), repeat_password: form.get("repeat_password") },
      },
    );
    if (!answer.ok) return setError(answer.message);
    const { csrf } = answer.data;
    if (answer.data.next === "code") return setStep({ name: "code", csrf });
    const enrolment = await inboxCall<Enrolment>("/api/inbox/enrolment");
    if (!enrolment.ok) return setError(enrolment.message);
    setStep({ name: "enrol", csrf, enrolment: enrolment.data });
  }

  async function submitCode(csrf: string, form: FormData) {
    setError(undefined);
    const answer = await inboxCall("/api/inbox/sign-in/code", { csrf, body: { code: form.get("code") } });
    if (!answer.ok) return setError(answer.message);
    window.location.assign(next);
  }

  async function confirmApp(csrf: string, form: FormData) {
    setError(undefined);
    const answer = await inboxCall<Enrolled>("/api/inbox/enrolment", {
      csrf,
      body: { code: form.get("code") },
    });
    if (!answer.ok) return setError(answer.message);
    setStep({ name: "recovery", codes: answer.data.recovery_codes });
  }

  const alert = error ? (
    <p role="alert" className="inbox-error">
      {error}
    </p>
  ) : null;

  if (step.name === "recovery") {
    return (
      <section aria-labelledby="recovery-heading" className="space-y-4">
        <h1 id="recovery-heading" className="inbox-title">
          Your recovery codes
        </h1>
        <p>
          Keep these somewhere safe, apart from your phone. Each one signs you in once in place of the app&apos;s
          code. They are shown only now.
        </p>
        <ol className="grid grid-cols-2 gap-2 font-mono text-lg" data-recovery-codes>
          {step.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <a href={next} className="inbox-button inline-block">
          I have kept them: open the inbox
        </a>
      </section>
    );
  }

  if (step.name === "enrol") {
    const { enrolment, csrf } = step;
    return (
      <section aria-labelledby="enrol-heading" className="space-y-4">
        <h1 id="enrol-heading" className="inbox-title">
          Set up your authenticator app
        </h1>
        <p>Scan this code with an authenticator app, or type the key below into it.</p>
        {/* An image, never markup in the page: whatever the SVG held could not run. */}
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL, next/image would not change it */}
        <img
          src={`data:image/svg+xml,${encodeURIComponent(enrolment.qr_svg)}`}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded border border-navy/15 bg-white p-2"
        />
        <p>
          Key: <code data-totp-secret={enrolment.secret}>{grouped(enrolment.secret)}</code>
        </p>
        <form action={(form) => confirmApp(csrf, form)} className="space-y-4">
          <CodeField label="The app's six-digit code" />
          {alert}
          <SubmitButton label="Confirm" busyLabel="Checking…" />
        </form>
      </section>
    );
  }

  if (step.name === "code") {
    const { csrf } = step;
    return (
      <section aria-labelledby="code-heading" className="space-y-4">
        <h1 id="code-heading" className="inbox-title">
          Enter your code
        </h1>
        <form action={(form) => submitCode(csrf, form)} className="space-y-4">
          <CodeField label="The six-digit code from your authenticator app, or a recovery code" />
          {alert}
          <SubmitButton label="Sign in" busyLabel="Checking…" />
        </form>
      </section>
    );
  }

  if (invitation !== undefined) {
    return (
      <section aria-labelledby="invitation-heading" className="space-y-4">
        <h1 id="invitation-heading" className="inbox-title">
          Choose your password
        </h1>
        <p>At least 12 characters, and not one of the most common passwords. Then you set up your authenticator app.</p>
        <form action={submitPassword} className="space-y-4">
          <label className="inbox-label">
            New password
            <input name="password" type="password" autoComplete="new-password" required minLength={12} className="inbox-input" />
          </label>
          <label className="inbox-label">
            Repeat the new password
            <input name="repeat_password" type="password" autoComplete="new-password" required className="inbox-input" />
          </label>
          {alert}
          <SubmitButton label="Continue" busyLabel="Saving…" />
        </form>
      </section>
    );
  }

  return (
    <section aria-labelledby="sign-in-heading" className="space-y-4">
      <h1 id="sign-in-heading" className="inbox-title">
        Sign in to the lead inbox
      </h1>
      <form action={submitPassword} className="space-y-4">
        <label className="inbox-label">
          Email
          <input name="email" type="email" autoComplete="username" required defaultValue={email} className="inbox-input" />
        </label>
        <label className="inbox-label">
          Password
          <input name="password" type="password" autoComplete="current-password" required className="inbox-input" />
        </label>
        {alert}
        <SubmitButton label="Continue" busyLabel="Signing in…" />
      </form>
    </section>
  );
}

function CodeField({ label }: { label: string }) {
  return (
    <label className="inbox-label">
      {label}
      <input
        name="code"
        autoComplete="one-time-code"
        required
        maxLength={inbox.limits.maxCodeLength}
        autoFocus
        spellCheck={false}
        className="inbox-input font-mono"
      />
    </label>
  );
}
