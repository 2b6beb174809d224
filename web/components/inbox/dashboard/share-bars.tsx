import { formatShare, shorten } from "@/lib/inbox/dashboard";
import type { DashboardCount } from "@/lib/inbox/types";

const WIDTH = 480;
const ROW = 26;
const LABEL = 176; // the labels' column; the bars start after it
const COUNT = 56; // room for the count after the longest bar

/** Counts under labels as horizontal bars, largest first, drawn on the server; the figures, with
 * each one's share of `total`, in a table behind them. */
export function ShareBars({
  id,
  title,
  heading,
  rows,
  total,
}: {
  id: string;
  title: string;
  heading: string;
  rows: DashboardCount[];
  total: number;
}) {
  const largest = Math.max(1, ...rows.map((row) => row.count));
  const barSpace = WIDTH - LABEL - COUNT;
  const height = Math.max(1, rows.length) * ROW;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg bg-white p-4">
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {rows.length ? (
        <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full">
          <title id={`${id}-title`}>{`${title}, largest first. The table below gives the figures.`}</title>
          {rows.map((row, index) => {
            const width = (row.count / largest) * barSpace;
            const middle = index * ROW + ROW / 2;
            return (
              <g key={`${index}-${row.label}`}>
                <text x={0} y={middle + 4} fontSize={12} className="fill-ink">
                  {shorten(row.label, 26)}
                </text>
                <rect x={LABEL} y={index * ROW + 4} width={width} height={ROW - 8} rx={2} className="fill-teal" />
                <text x={LABEL + width + 6} y={middle + 4} fontSize={12} className="fill-muted">
                  {row.count}
                </text>
              </g>
            );
          })}
        </svg>
      ) : (
        <p className="text-muted">No leads in the period.</p>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-navy">{title} as a table</summary>
        <table className="inbox-table mt-2" data-figures={id}>
          <thead>
            <tr>
              <th scope="col">{heading}</th>
              <th scope="col">Leads</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${index}-${row.label}`}>
                <th scope="row" className="font-normal break-all">
                  {row.label}
                </th>
                <td>{row.count}</td>
                <td>{formatShare(row.count, total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
