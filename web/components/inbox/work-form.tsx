"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Person, Work } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";
import { chosenStatus } from "@/lib/inbox/work";

import { FormNotice } from "./form-notice";
import { OwnerOptions } from "./owner-options";
import { StatusOptions } from "./status-options";
import { SubmitButton } from "./submit-button";

type Props = { id: number; work: Work; owners: Person[]; csrf: string };

/**
 * A lead's status and owner, saved on the version the page showed. When a colleague saved first,
 * the service refuses and sends the fresh values: the form shows them, with what happened, for
 * the change to be made again if it still applies.
 */
export function WorkForm({ id, work, owners, csrf }: Props) {
  const router = useRouter();
  const [shown, setShown] = useState(work);
  const [notice, setNotice] = useState<Notice>();
  // A refresh of the page brings a newer version than the one shown; the notice of this save stays.
  if (work.version > shown.version) setShown(work);

  async function save(form: FormData) {
    setNotice(undefined);
    const owner = String(form.get("owner") ?? "");
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/leads/{lead_id}/work", {
        params: { path: { lead_id: id } },
        body: { version: shown.version, status: chosenStatus(form.get("status")), owner_id: owner ? Number(owner) : null },
      }),
    );
    if (answer.ok) {
      setShown(answer.data.leads[0]?.work ?? shown);
      setNotice({ error: false, text: "Saved." });
      router.refresh();
      return;
    }
    // 409: a colleague's change came first, and the service says what it left.
    const fresh = answer.error && "leads" in answer.error ? answer.error.leads[0]?.work : undefined;
    if (fresh) setShown(fresh);
    setNotice({ error: true, text: answer.message });
  }

  return (
    // Keyed by the version: fresh values replace what the fields were showing.
    // data-lead and data-version: what the "a" key (keyboard-shortcuts.tsx) assigns on.
    <form
      key={shown.version}
      action={save}
      className="flex flex-wrap items-end gap-3"
      aria-label="Status and owner"
      data-lead={id}
      data-version={shown.version}
    >
      <label className="inbox-label">
        Status
        <select name="status" defaultValue={shown.status} className="inbox-input" data-shortcut="status">
          <StatusOptions />
        </select>
      </label>
      <label className="inbox-label">
        Owner
        <select name="owner" defaultValue={shown.owner?.id ?? ""} className="inbox-input">
          <option value="">Nobody</option>
          <OwnerOptions owners={owners} current={shown.owner} />
        </select>
      </label>
      <SubmitButton label="Save" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
