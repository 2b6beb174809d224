"use client";

import { useRef } from "react";

import { useChange } from "@/lib/inbox/use-change";

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
  /** Texts to start from (a reply's saved replies, filled in for its lead), by title. */
  starts?: { title: string; text: string }[];
};

/** A note's or a reply's text, sent as written; on success the page shows it on the lead. */
export function TextForm({ csrf, path, text = "", label, submit, busy, maxLength, rows = 3, starts = [] }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { error, change } = useChange(csrf);

  async function send(data: FormData) {
    if ((await change(path, { body: data.get("body") })) && !text) form.current?.reset();
  }

  function start(choice: string) {
    const written = form.current?.elements.namedItem("body");
    const chosen = choice ? starts[Number(choice)] : undefined;
    if (chosen && written instanceof HTMLTextAreaElement) written.value = chosen.text;
  }

  return (
    <form ref={form} action={send} className="space-y-2">
      {starts.length > 0 ? (
        <label className="inbox-label">
          Start from a saved reply
          {/* Unnamed: the form sends the text alone, as written from here on. */}
          <select defaultValue="" onChange={(event) => start(event.target.value)} className="inbox-input">
            <option value="">None</option>
            {starts.map((saved, index) => (
              <option key={index} value={index}>
                {saved.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
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
