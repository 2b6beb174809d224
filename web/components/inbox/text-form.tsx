"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { inbox } from "@/lib/content/inbox";
import { inboxCall } from "@/lib/inbox/client";

import { SubmitButton } from "./submit-button";

type Props = {
  csrf: string;
  /** Where the note goes: a lead's notes (a new note) or a note's own address (a correction). */
  path: `/api/inbox/${string}`;
  text?: string;
  label: string;
};

/** A note's text, sent as written; on success the page shows it among the lead's notes. */
export function NoteForm({ csrf, path, text = "", label }: Props) {
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
        <textarea
          name="body"
          required
          rows={3}
          maxLength={inbox.limits.maxNoteLength}
          defaultValue={text}
          className="inbox-input"
        />
      </label>
      <SubmitButton label={text ? "Save correction" : "Add note"} busyLabel="Saving…" />
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
