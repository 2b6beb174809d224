import { formatMoney, formatMonth } from "@/lib/inbox/format";
import type { Forecast } from "@/lib/inbox/types";

/** "Price 2, Timing 1": the reasons deals were lost for, the most given first. */
function reasons(counts: Record<string, number>): string {
  const given = Object.entries(counts).sort(([a, one], [b, other]) => other - one || a.localeCompare(b));
  return given.map(([reason, count]) => `${reason} ${count}`).join(", ") || "—";
}

/** What the pipeline is worth by month of expected close, weighted by each stage's chance; the deals
 * won and lost by month, the lost with their reasons; and the median time from lead to won. */
export function ForecastTables({ forecast }: { forecast: Forecast }) {
  const days = forecast.median_days_to_win;
  return (
    <>
      <section aria-labelledby="forecast-heading" className="space-y-3 rounded-lg bg-white p-4">
        <h2 id="forecast-heading" className="text-lg font-semibold text-navy">
          Forecast
        </h2>
        <p className="max-w-3xl text-sm text-muted">
          The open deals by the month they are expected to close. Weighted is each deal&apos;s value times its
          stage&apos;s chance of being won, summed.
        </p>
        {forecast.open.length ? (
          <div className="overflow-x-auto">
            <table className="inbox-table">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Open deals</th>
                  <th scope="col">Value</th>
                  <th scope="col">Weighted</th>
                </tr>
              </thead>
              <tbody>
                {forecast.open.map((row) => (
                  <tr key={`${row.month}-${row.currency}`}>
                    <th scope="row">{formatMonth(row.month)}</th>
                    <td>{row.deals}</td>
                    <td>{formatMoney(row.value_minor, row.currency)}</td>
                    <td>{formatMoney(row.weighted_minor, row.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No open deals.</p>
        )}
      </section>
      <section aria-labelledby="closed-heading" className="space-y-3 rounded-lg bg-white p-4">
        <h2 id="closed-heading" className="text-lg font-semibold text-navy">
          Won and lost
        </h2>
        <p data-figure="time-to-win">
          {days === null
            ? "No deal has been won yet."
            : `From a lead's arrival to its deal's win: ${days} days, the median.`}
        </p>
        {forecast.closed.length ? (
          <div className="overflow-x-auto">
            <table className="inbox-table">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Deals</th>
                  <th scope="col">Value</th>
                  <th scope="col">Lost for</th>
                </tr>
              </thead>
              <tbody>
                {forecast.closed.map((row) => (
                  <tr key={`${row.month}-${row.outcome}-${row.currency}`}>
                    <th scope="row">{formatMonth(row.month)}</th>
                    <td>{row.outcome === "won" ? "Won" : "Lost"}</td>
                    <td>{row.deals}</td>
                    <td>{formatMoney(row.value_minor, row.currency)}</td>
                    <td>{row.outcome === "lost" ? reasons(row.reasons) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
