"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { inboxCall } from "@/lib/inbox/client";

import { SubmitButton } from "./submit-button";

type Props = {
  csrf: string;
  /** Where the text goes: a lead's notes or replies (a new one), or a note's own address (a correction). */
  path: `/api/inbox/${string}`;
  /** The text to correct; none for a new one, and the form is emptied once it is sent. */
  text?: string;
  label: string;
  submit: string;
  busy: string;
  maxLength: number;
  rows?: number;
};

/** A note's or a reply's text, sent as written; on success the page shows it on the lead. */
export function TextForm({ csrf, path, text = "", label, submit, busy, maxLength, rows = 3 }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string>();

  async function send(data: FormData) {
    setError(undefined);
    const answer = await inboxCall(path, { csrf, body: { body: data.get("body") } });
    if (!answer.ok) return setError(answer.message);
    if (!text) form.current?.reset();
    router.refresh();
  }

  return (
    <form ref={form} action={send} className="space-y-2">
      <label className="inbox-label">
        {label}
        <textarea name="body" required rows={rows} maxLength={maxLength} defaultValue={text} className="inbox-input" />
      </label>
      <SubmitButton label={submit} busyLabel={busy} />
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
