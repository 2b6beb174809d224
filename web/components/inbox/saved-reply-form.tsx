"use client";

import { useRef } from "react";

import { inbox } from "@/lib/content/inbox";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/** A new saved reply's form, or, with `saved`, one's own to change. */
type Props = { csrf: string; saved?: { id: number; title: string; body: string } };

/** A saved reply's title and text, sent as written; a new one's form is emptied once it is saved. */
export function SavedReplyForm({ csrf, saved }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { notice, change } = useChange(csrf);

  async function send(data: FormData) {
    const text = { title: String(data.get("title") ?? ""), body: String(data.get("body") ?? "") };
    const made = await change((api) =>
      saved
        ? api.POST("/api/inbox/saved-replies/{saved_reply_id}", {
            params: { path: { saved_reply_id: saved.id } },
            body: text,
          })
        : api.POST("/api/inbox/saved-replies", { body: text }),
    );
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
      <FormNotice notice={notice} />
    </form>
  );
}
