"use client";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";

/** How many minutes a new lead may wait with nobody's name on it before the team is alerted (left
 * empty: only the leads no rule places are alerted of). */
export function UnownedAlertForm({
  csrf,
  minutes,
}: {
  csrf: string;
  minutes: number | null;
}) {
  const { notice, change } = useChange(csrf);

  async function save(data: FormData) {
    const typed = String(data.get("minutes") ?? "").trim();
    await change((api) =>
      api.POST("/api/inbox/assignment/unowned-alert", {
        body: { minutes: typed === "" ? null : Number(typed) },
      }),
    );
  }

  return (
    <form
      aria-label="Alert of a lead nobody has"
      action={save}
      className="flex flex-wrap items-end gap-3"
    >
      <label className="inbox-label">
        Minutes (empty: none)
        <input
          name="minutes"
          type="number"
          min={1}
          max={10080}
          step={1}
          defaultValue={minutes ?? ""}
          className="inbox-input"
        />
      </label>
      <SubmitButton label="Save alert" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
