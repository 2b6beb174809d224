"use client";

import { useTransition } from "react";

import { inbox } from "@/lib/content/inbox";
import type { Work } from "@/lib/inbox/types";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

type Props = { id: number; step: Work["next_step"]; csrf: string };

/** The lead's next step, for its owner or an admin to set (a day and a line) or clear. */
export function NextStepForm({ id, step, csrf }: Props) {
  const { notice, change } = useChange(csrf);
  const [clearing, startClearing] = useTransition();

  async function save(on: string | null, text: string | null) {
    await change((api) =>
      api.POST("/api/inbox/leads/{lead_id}/next-step", { params: { path: { lead_id: id } }, body: { on, text } }),
    );
  }

  return (
    <form
      aria-label="Next step"
      action={(data) => save(String(data.get("on") ?? ""), String(data.get("text") ?? ""))}
      className="flex flex-wrap items-end gap-3"
    >
      <label className="inbox-label">
        Due on (UTC)
        <input name="on" type="date" required defaultValue={step?.on} className="inbox-input" />
      </label>
      <label className="inbox-label grow">
        Next step
        <input
          name="text"
          required
          maxLength={inbox.limits.maxNextStepLength}
          defaultValue={step?.text}
          className="inbox-input"
        />
      </label>
      <SubmitButton label="Save next step" busyLabel="Saving…" />
      {step ? (
        <button
          type="button"
          disabled={clearing}
          onClick={() => startClearing(() => save(null, null))}
          className="inbox-link text-sm"
        >
          Clear
        </button>
      ) : null}
      <FormNotice notice={notice} />
    </form>
  );
}
