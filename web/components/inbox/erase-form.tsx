"use client";

import { useState } from "react";

import { inbox } from "@/lib/content/inbox";
import { answerOf, inboxApi } from "@/lib/inbox/client";
import { formatTime } from "@/lib/inbox/format";
import type { ErasureReceipt } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

// The receipt's lines, in the order the service counts them.
const KINDS: [keyof ErasureReceipt["removed"], string][] = [
  ["contact", "Contact messages"],
  ["quote", "Quote requests"],
  ["notes", "Notes"],
  ["notifications", "Notifications"],
  ["keys", "Request keys"],
  ["messages", "Messages"],
];

type Typed = { email: string; confirm: string };
const BLANK: Typed = { email: "", confirm: "" };

function AddressField({ label, name, value }: { label: string; name: keyof Typed; value: string }) {
  return (
    <label className="inbox-label">
      {label}
      <input
        name={name}
        type="email"
        required
        maxLength={inbox.limits.maxAddressLength}
        autoComplete="off"
        spellCheck={false}
        defaultValue={value}
        className="inbox-input"
      />
    </label>
  );
}

/**
 * A person's address, typed twice, erased by the service in one go; the receipt of what went.
 * The fields keep what was typed when the service refuses it, and empty once it is erased.
 */
export function EraseForm({ csrf }: { csrf: string }) {
  const [typed, setTyped] = useState(BLANK);
  const [notice, setNotice] = useState<Notice>();
  const [receipt, setReceipt] = useState<ErasureReceipt & { email: string }>();

  async function erase(form: FormData) {
    setNotice(undefined);
    setReceipt(undefined);
    const given = { email: String(form.get("email") ?? ""), confirm: String(form.get("confirm") ?? "") };
    const answer = await answerOf(inboxApi(csrf).POST("/api/inbox/erase", { body: given }));
    if (!answer.ok) {
      setTyped(given);
      setNotice({ error: true, text: answer.message });
      return;
    }
    setTyped(BLANK);
    setReceipt({ ...answer.data, email: given.email.trim().toLowerCase() });
  }

  const nothing = receipt && Object.values(receipt.removed).every((count) => count === 0);
  return (
    <>
      <form action={erase} className="flex max-w-md flex-col gap-4" aria-label="Erase a person">
        <AddressField label="E-mail address" name="email" value={typed.email} />
        <AddressField label="Type the address again" name="confirm" value={typed.confirm} />
        <div>
          <SubmitButton label="Erase everything of this address" busyLabel="Erasing…" />
        </div>
        <FormNotice notice={notice} />
      </form>
      {receipt ? (
        <section aria-labelledby="erase-receipt" className="max-w-md space-y-3 rounded-md bg-white p-4">
          <h2 id="erase-receipt" className="font-semibold text-navy">
            Erased: {receipt.email}
          </h2>
          <p role="status">
            {nothing
              ? "Nothing was kept of this address. The erasure is on the audit trail all the same."
              : "Removed, and on the audit trail (without the address):"}
          </p>
          <ul className="list-disc pl-6" data-receipt>
            {KINDS.map(([kind, label]) => (
              <li key={kind} data-kind={kind}>
                {label}: {receipt.removed[kind]}
              </li>
            ))}
          </ul>
          {receipt.erased_before ? (
            <p className="inbox-error">This address was erased before, last on {formatTime(receipt.erased_before)}.</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
