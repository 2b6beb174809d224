"use client";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/** The list's view (its filters and search, as `query`) saved by name, for oneself or the team. */
export function SaveViewForm({ csrf, query }: { csrf: string; query: string }) {
  const { notice, change } = useChange(csrf);

  async function save(data: FormData) {
    const body = { name: String(data.get("name") ?? ""), query, shared: data.get("shared") === "on" };
    await change((api) => api.POST("/api/inbox/views", { body }));
  }

  return (
    <form aria-label="Save this view" action={save} className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Name
        <input name="name" required maxLength={80} className="inbox-input" />
      </label>
      <label className="flex items-center gap-2 self-center">
        <input type="checkbox" name="shared" />
        Share with the team
      </label>
      <SubmitButton label="Save view" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
