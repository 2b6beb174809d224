"use client";

import { inbox } from "@/lib/content/inbox";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

/** One's own signature, which ends each of one's replies to leads (left empty: none). */
export function SignatureForm({ csrf, signature }: { csrf: string; signature: string | null }) {
  const { notice, change } = useChange(csrf);

  async function save(data: FormData) {
    const typed = String(data.get("signature") ?? "");
    await change((api) => api.POST("/api/inbox/account/signature", { body: { signature: typed } }));
  }

  return (
    <form aria-label="Signature" action={save} className="max-w-prose space-y-2">
      <label className="inbox-label">
        Signature (empty: none)
        <textarea
          name="signature"
          rows={4}
          maxLength={inbox.limits.maxSignatureLength}
          defaultValue={signature ?? ""}
          className="inbox-input"
        />
      </label>
      <SubmitButton label="Save signature" busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
