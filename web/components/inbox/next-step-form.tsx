"use client";

import { useTransition } from "react";

import { inbox } from "@/lib/content/inbox";
import type { Work } from "@/lib/inbox/types";
import { useChange } from "@/lib/inbox/use-change";

import { SubmitButton } from "./submit-button";

type Props = { id: number; step: Work["next_step"]; csrf: string };

/** The lead's next step, for its owner or an admin to set (a day and a line) or clear. */
export function NextStepForm({ id, step, csrf }: Props) {
  const { error, change } = useChange(csrf);
  const [clearing, startClearing] = useTransition();

  async function save(body: { on: FormDataEntryValue | null; text?: FormDataEntryValue | null }) {
    await change(`/api/inbox/leads/${id}/next-step`, body);
  }

  return (
    <form
      aria-label="Next step"
      action={(data) => save({ on: data.get("on"), text: data.get("text") })}
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
          onClick={() => startClearing(() => save({ on: null }))}
          className="inbox-link text-sm"
        >
          Clear
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="inbox-error basis-full">
          {error}
        </p>
      ) : null}
    </form>
  );
}
