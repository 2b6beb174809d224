import { formatDay, formatMoney, formatTime } from "@/lib/inbox/format";
import type { Deal } from "@/lib/inbox/types";

/** Where the lead stands as a deal, in a line: or that it is none yet. */
export function DealSummary({ deal }: { deal: Deal | null }) {
  if (!deal) return <p className="text-muted">Not a deal yet.</p>;
  const { stage } = deal;
  return (
    <p data-deal-stage={stage.name}>
      {formatMoney(deal.value_minor, deal.currency)} · {stage.name}
      {stage.outcome ? "" : ` (${stage.probability}% likely)`}
      {deal.lost_reason ? `, lost for ${deal.lost_reason.name}` : ""}
      {deal.closed_at
        ? ` · closed ${formatTime(deal.closed_at)}`
        : ` · expected to close ${formatDay(deal.expected_close)}`}
    </p>
  );
}
