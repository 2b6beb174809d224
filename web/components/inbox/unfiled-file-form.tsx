"use client";

import { useState } from "react";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

type Props = { id: number; leadId: number | null; csrf: string };

/** A message set aside, filed into a lead's conversation by hand: the lead it answers, or the one
 * whose id the admin types; the list then shows what still waits. */
export function UnfiledFileForm({ id, leadId, csrf }: Props) {
  const { notice, change } = useChange(csrf);
  const [typed, setTyped] = useState(leadId === null ? "" : String(leadId));
  const chosen = /^[1-9][0-9]{0,9}$/.test(typed) ? Number(typed) : undefined;

  async function file() {
    await change((api) =>
      api.POST("/api/inbox/unfiled/{set_aside_id}/file", {
        params: { path: { set_aside_id: id } },
        body: { lead_id: chosen ?? null },
      }),
    );
  }

  return (
    <form
      aria-label="File into a lead"
      action={file}
      className="flex flex-wrap items-end gap-3"
    >
      <label className="inbox-label">
        Lead id
        <input
          name="lead_id"
          type="number"
          required
          min={1}
          step={1}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="inbox-input w-32"
        />
      </label>
      <SubmitButton label={chosen ? `File into lead #${chosen}` : "File into a lead"} busyLabel="Filing…" />
      <FormNotice notice={notice} />
    </form>
  );
}
