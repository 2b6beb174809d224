"use client";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/** The team's response target, for an admin to set (whole working hours) or lift (left empty). */
export function ResponseTargetForm({ hours, csrf }: { hours: number | null; csrf: string }) {
  const { notice, change } = useChange(csrf);

  async function save(data: FormData) {
    const typed = String(data.get("hours") ?? "").trim();
    await change((api) => api.POST("/api/inbox/response-target", { body: { hours: typed === "" ? null : Number(typed) } }));
  }

  return (
    <form aria-label="Response target" action={save} className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Working hours (empty: none)
        <input name="hours" type="number" min={1} max={120} step={1} defaultValue={hours ?? ""} className="inbox-input" />
      </label>
      <SubmitButton label="Save target" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
