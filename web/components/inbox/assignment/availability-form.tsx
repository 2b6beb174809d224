"use client";

import type { Availability } from "@/lib/inbox/types";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";

/** Someone marked away or back, and the cap of open leads past which the rules pass them over
 * (empty: no cap). */
export function AvailabilityForm({
  csrf,
  person,
}: {
  csrf: string;
  person: Availability;
}) {
  const { notice, change } = useChange(csrf);

  async function send(data: FormData) {
    const cap = String(data.get("cap") ?? "").trim();
    const body = {
      away: data.get("away") === "on",
      open_leads_cap: cap === "" ? null : Number(cap),
    };
    await change((api) =>
      api.POST("/api/inbox/assignment/people/{user_id}", {
        params: { path: { user_id: person.id } },
        body,
      }),
    );
  }

  return (
    <form
      aria-label={`${person.name}'s availability`}
      action={send}
      className="flex flex-wrap items-end gap-3"
    >
      <label className="flex items-center gap-2">
        <input type="checkbox" name="away" defaultChecked={person.away} />
        Away
      </label>
      <label className="inbox-label">
        Cap of open leads (empty: none)
        <input
          name="cap"
          type="number"
          min={1}
          max={10000}
          step={1}
          defaultValue={person.open_leads_cap ?? ""}
          className="inbox-input w-28"
        />
      </label>
      <SubmitButton label="Save" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
