"use client";

import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Enrolment } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";
import { CodeField } from "./code-field";

/** The secret in groups of four, as authenticator apps show theirs: easier to type without a slip. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

type Props = { csrf: string; enrolment: Enrolment; onEnrolled: (recoveryCodes: string[]) => void };

/** At the first sign-in, the authenticator app set up from a QR code or the secret as text, and
 * confirmed with its first code. */
export function EnrolStep({ csrf, enrolment, onEnrolled }: Props) {
  const [notice, setNotice] = useState<Notice>();

  async function submit(form: FormData) {
    setNotice(undefined);
    const code = String(form.get("code") ?? "");
    const answer = await answerOf(inboxApi(csrf).POST("/api/inbox/enrolment", { body: { code } }));
    if (answer.ok) onEnrolled(answer.data.recovery_codes);
    else setNotice({ error: true, text: answer.message });
  }

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
      <form action={submit} className="space-y-4">
        <CodeField label="The app's six-digit code" />
        <FormNotice notice={notice} />
        <SubmitButton label="Confirm" busyLabel="Checking…" />
      </form>
    </section>
  );
}
