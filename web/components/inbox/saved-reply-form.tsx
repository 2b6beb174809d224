"use client";

import { useRef } from "react";

import { inbox } from "@/lib/content/inbox";
import { useChange } from "@/lib/inbox/use-change";

import { SubmitButton } from "./submit-button";

type Props = {
  csrf: string;
  /** The saved replies' address (a new one), or one's own (a change). */
  path: `/api/inbox/saved-replies${string}`;
  saved?: { title: string; body: string };
};

/** A saved reply's title and text, sent as written; a new one's form is emptied once it is saved. */
export function SavedReplyForm({ csrf, path, saved }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { error, change } = useChange(csrf);

  async function send(data: FormData) {
    const made = await change(path, { title: data.get("title"), body: data.get("body") });
    if (made && !saved) form.current?.reset();
  }

  return (
    <form ref={form} action={send} className="space-y-2">
      <label className="inbox-label">
        Title
        <input
          name="title"
          required
          maxLength={inbox.limits.maxSavedReplyTitleLength}
          defaultValue={saved?.title}
          className="inbox-input"
        />
      </label>
      <label className="inbox-label">
        Text
        <textarea
          name="body"
          required
          rows={6}
          maxLength={inbox.limits.maxReplyLength}
          defaultValue={saved?.body}
          className="inbox-input"
        />
      </label>
      <SubmitButton label={saved ? "Save changes" : "Save reply"} busyLabel="Saving…" />
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
