"use client";

import { useRef } from "react";

import type { InboxApi } from "@/lib/inbox/api-client";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/** Where a text goes: a lead's new note or reply, or a note's correction. */
export type TextTarget = { kind: "note" | "reply"; lead: number } | { kind: "correction"; note: number };

function post(api: InboxApi, target: TextTarget, body: string) {
  switch (target.kind) {
    case "note":
      return api.POST("/api/inbox/leads/{lead_id}/notes", { params: { path: { lead_id: target.lead } }, body: { body } });
    case "reply":
      return api.POST("/api/inbox/leads/{lead_id}/replies", { params: { path: { lead_id: target.lead } }, body: { body } });
    case "correction":
      return api.POST("/api/inbox/notes/{note_id}", { params: { path: { note_id: target.note } }, body: { body } });
  }
}

type Props = {
  csrf: string;
  target: TextTarget;
  /** The text to correct; none for a new one, and the form is emptied once it is sent. */
  text?: string;
  label: string;
  submit: string;
  busy: string;
  maxLength: number;
  rows?: number;
  /** Texts to start from (a reply's saved replies, filled in for its lead), by title. */
  starts?: { title: string; text: string }[];
  /** The key that puts the cursor in its text (keyboard-shortcuts.tsx). */
  shortcut?: string;
};

/** A note's or a reply's text, sent as written; on success the page shows it on the lead. */
export function TextForm({
  csrf,
  target,
  text = "",
  label,
  submit,
  busy,
  maxLength,
  rows = 3,
  starts = [],
  shortcut,
}: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { notice, change } = useChange(csrf);

  async function send(data: FormData) {
    const body = String(data.get("body") ?? "");
    if ((await change((api) => post(api, target, body))) && !text) form.current?.reset();
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
        <textarea
          name="body"
          required
          rows={rows}
          maxLength={maxLength}
          defaultValue={text}
          className="inbox-input"
          data-shortcut={shortcut}
        />
      </label>
      <SubmitButton label={submit} busyLabel={busy} />
      <FormNotice notice={notice} />
    </form>
  );
}
