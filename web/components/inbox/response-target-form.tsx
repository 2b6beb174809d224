"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { inboxCall } from "@/lib/inbox/client";

import { SubmitButton } from "./submit-button";

/** The team's response target, for an admin to set (whole working hours) or lift (left empty). */
export function ResponseTargetForm({ hours, csrf }: { hours: number | null; csrf: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();

  async function save(data: FormData) {
    setError(undefined);
    const typed = String(data.get("hours") ?? "").trim();
    const answer = await inboxCall("/api/inbox/response-target", {
      csrf,
      body: { hours: typed === "" ? null : Number(typed) },
    });
    if (!answer.ok) return setError(answer.message);
    router.refresh();
  }

  return (
    <form aria-label="Response target" action={save} className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Working hours (empty: none)
        <input name="hours" type="number" min={1} max={120} step={1} defaultValue={hours ?? ""} className="inbox-input" />
      </label>
      <SubmitButton label="Save target" busyLabel="Saving…" />
      {error ? (
        <p role="alert" className="inbox-error basis-full">
          {error}
        </p>
      ) : null}
    </form>
  );
}
