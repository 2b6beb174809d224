import { formatDuration, formatShare } from "@/lib/inbox/dashboard";
import type { Dashboard } from "@/lib/inbox/types";

/** The period's headline figures: its leads, the share answered within one working day, and the
 * median time to a first response, each with what it counts. */
export function FigureTiles({ total, days, response }: Pick<Dashboard, "total" | "days" | "response">) {
  const tiles = [
    {
      name: "leads",
      label: `Leads in the last ${days} days`,
      value: total.toLocaleString("en"),
      detail: "Spam left out.",
    },
    {
      name: "in-time",
      label: "Answered within one working day",
      value: formatShare(response.in_time, response.counted),
      detail: `${response.in_time.toLocaleString("en")} of ${response.counted.toLocaleString("en")} leads.`,
    },
    {
      name: "median",
      label: "Median time to first response",
      value: response.median_seconds === null ? "–" : formatDuration(response.median_seconds),
      detail: `Of ${response.answered.toLocaleString("en")} leads answered.`,
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.name} data-figure={tile.name} className="rounded-lg bg-white p-4">
          <dt className="text-sm font-medium text-muted">{tile.label}</dt>
          <dd className="text-3xl font-bold text-navy">{tile.value}</dd>
          <dd className="text-sm text-muted">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
