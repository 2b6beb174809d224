"use client";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

type Props = { id: number; csrf: string };

/** Another lead's person merged into this lead's by that lead's number, for someone the
 * suggestions did not find; the page then shows them as one. */
export function PersonMergeForm({ id, csrf }: Props) {
  const { notice, change } = useChange(csrf);

  async function merge(data: FormData) {
    const other = Number(String(data.get("lead_id") ?? "").trim());
    await change((api) =>
      api.POST("/api/inbox/leads/{lead_id}/person/merge", {
        params: { path: { lead_id: id } },
        body: { lead_id: other },
      }),
    );
  }

  return (
    <form aria-label="Merge with another lead's person" action={merge} className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Another lead&apos;s number
        <input name="lead_id" type="number" required min={1} step={1} className="inbox-input w-32" />
      </label>
      <SubmitButton label="Merge with its person" busyLabel="Merging…" />
      <FormNotice notice={notice} />
    </form>
  );
}
