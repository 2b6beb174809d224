"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Person } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";
import { BULK_FORM, chosenLead, chosenStatus } from "@/lib/inbox/work";

import { FormNotice } from "./form-notice";
import { OwnerOptions } from "./owner-options";
import { StatusOptions } from "./status-options";
import { SubmitButton } from "./submit-button";

/** A status and/or owner for every lead chosen in the list, all or none. */
export function BulkWork({ owners, csrf }: { owners: Person[]; csrf: string }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>();

  async function apply(form: FormData) {
    setNotice(undefined);
    const leads = form.getAll("lead").map(chosenLead);
    if (leads.length === 0) return setNotice({ error: true, text: "Choose the leads to change first." });
    const owner = String(form.get("owner") ?? "");
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/leads/work", {
        body: {
          leads,
          status: chosenStatus(form.get("status")),
          ...(owner ? { owner_id: owner === "none" ? null : Number(owner) } : {}),
        },
      }),
    );
    setNotice(
      answer.ok
        ? { error: false, text: `Changed ${answer.data.leads.length} lead${answer.data.leads.length === 1 ? "" : "s"}.` }
        : { error: true, text: answer.message },
    );
    // The list as it now stands: the changes, or a colleague's that stopped them.
    router.refresh();
  }

  return (
    <form id={BULK_FORM} action={apply} aria-label="Change the chosen leads" className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Set status
        <select name="status" defaultValue="" className="inbox-input">
          <option value="">Keep</option>
          <StatusOptions />
        </select>
      </label>
      <label className="inbox-label">
        Set owner
        <select name="owner" defaultValue="" className="inbox-input">
          <option value="">Keep</option>
          <option value="none">Nobody</option>
          <OwnerOptions owners={owners} />
        </select>
      </label>
      <SubmitButton label="Change chosen" busyLabel="Changing…" />
      <FormNotice notice={notice} />
    </form>
  );
}
