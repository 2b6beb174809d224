"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import { minorDigits } from "@/lib/inbox/format";
import type { Deal, Pipeline } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

type Props = { id: number; deal: Deal | null; pipeline: Pipeline; csrf: string };

/** The amount a person typed ("12500.50") in the currency's minor units. */
function minorUnits(amount: string, currency: string): number {
  return Math.round(Number(amount) * 10 ** minorDigits(currency));
}

/**
 * The lead as a deal: made here, or changed on the version the page showed. When someone changed it
 * first, nothing is saved, the page shows the deal as it now stands and says so.
 */
export function DealForm({ id, deal, pipeline, csrf }: Props) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>();
  const currency = deal?.currency ?? "USD";

  async function save(form: FormData) {
    setNotice(undefined);
    const code = String(form.get("currency") ?? "").toUpperCase();
    const reason = String(form.get("lost_reason") ?? "");
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/leads/{lead_id}/deal", {
        params: { path: { lead_id: id } },
        body: {
          version: deal?.version ?? null,
          stage_id: Number(form.get("stage")),
          value_minor: minorUnits(String(form.get("value") ?? ""), code),
          currency: code,
          expected_close: String(form.get("expected_close") ?? ""),
          lost_reason_id: reason ? Number(reason) : null,
        },
      }),
    );
    setNotice(answer.ok ? { error: false, text: "Saved." } : { error: true, text: answer.message });
    // Saved, or refused as stale: either way the page shows the deal as it now stands.
    if (answer.ok || answer.status === 409) router.refresh();
  }

  const digits = minorDigits(currency);
  return (
    // Keyed by the version: a newer deal replaces what the fields were showing.
    <form key={deal?.version ?? 0} action={save} aria-label="Deal" className="flex flex-wrap items-end gap-3">
      <label className="inbox-label">
        Stage
        <select name="stage" defaultValue={deal?.stage.id ?? pipeline.stages[0]?.id} className="inbox-input">
          {pipeline.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </label>
      <label className="inbox-label">
        Value
        <input
          name="value"
          type="number"
          required
          min={0}
          step={10 ** -digits}
          defaultValue={deal ? deal.value_minor / 10 ** digits : undefined}
          className="inbox-input w-36"
        />
      </label>
      <label className="inbox-label">
        Currency
        <input
          name="currency"
          required
          pattern="[A-Za-z]{3}"
          title="The currency's three-letter code, such as USD"
          defaultValue={currency}
          className="inbox-input w-20 uppercase"
        />
      </label>
      <label className="inbox-label">
        Expected close
        <input name="expected_close" type="date" required defaultValue={deal?.expected_close} className="inbox-input" />
      </label>
      <label className="inbox-label">
        Reason, if lost
        <select name="lost_reason" defaultValue={deal?.lost_reason?.id ?? ""} className="inbox-input">
          <option value="">—</option>
          {pipeline.lost_reasons.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.name}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton label={deal ? "Save deal" : "Make it a deal"} busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
