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

/** The addresses a merged person's erasure takes, for the address they were asked for. */
type Merged = { email: string; addresses: string[] };

/**
 * A person's address, typed twice, erased by the service in one go; the receipt of what went. The
 * service is asked first which addresses that takes: a merged person's are all named, and erased
 * only at a second press. The fields keep what was typed until it is erased.
 */
export function EraseForm({ csrf }: { csrf: string }) {
  const [typed, setTyped] = useState(BLANK);
  const [notice, setNotice] = useState<Notice>();
  const [merged, setMerged] = useState<Merged>();
  const [receipt, setReceipt] = useState<ErasureReceipt>();

  async function erase(form: FormData) {
    setNotice(undefined);
    setReceipt(undefined);
    const given = { email: String(form.get("email") ?? ""), confirm: String(form.get("confirm") ?? "") };
    setTyped(given);
    const api = inboxApi(csrf);
    if (merged?.email !== given.email) {
      setMerged(undefined);
      const preview = await answerOf(api.POST("/api/inbox/erase/preview", { body: given }));
      if (!preview.ok) {
        setNotice({ error: true, text: preview.message });
        return;
      }
      if (preview.data.addresses.length > 1) {
        setMerged({ email: given.email, addresses: preview.data.addresses });
        return;
      }
    }
    const answer = await answerOf(api.POST("/api/inbox/erase", { body: given }));
    if (!answer.ok) {
      setNotice({ error: true, text: answer.message });
      return;
    }
    setTyped(BLANK);
    setMerged(undefined);
    setReceipt(answer.data);
  }

  const nothing = receipt && Object.values(receipt.removed).every((count) => count === 0);
  return (
    <>
      <form action={erase} className="flex max-w-md flex-col gap-4" aria-label="Erase a person">
        <AddressField label="E-mail address" name="email" value={typed.email} />
        <AddressField label="Type the address again" name="confirm" value={typed.confirm} />
        {merged ? (
          <div role="status" className="space-y-2" data-merged-addresses>
            <p className="inbox-error">
              This address is one of a merged person&apos;s {merged.addresses.length} addresses: erasing it erases
              every one of them.
            </p>
            <ul className="list-disc pl-6">
              {merged.addresses.map((address) => (
                <li key={address} className="break-all">
                  {address}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <SubmitButton
            label={merged ? `Erase all ${merged.addresses.length} addresses` : "Erase everything of this address"}
            busyLabel="Erasing…"
          />
        </div>
        <FormNotice notice={notice} />
      </form>
      {receipt ? (
        <section aria-labelledby="erase-receipt" className="max-w-md space-y-3 rounded-md bg-white p-4">
          <h2 id="erase-receipt" className="font-semibold text-navy">
            Erased: {receipt.addresses.join(", ")}
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
            <p className="inbox-error">
              {receipt.addresses.length > 1 ? "One of these addresses" : "This address"} was erased before, last on{" "}
              {formatTime(receipt.erased_before)}.
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
