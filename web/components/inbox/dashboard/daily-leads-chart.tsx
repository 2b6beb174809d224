import { axisTicks, countAxis, dayTotal, formatDay, monthStarts, stack } from "@/lib/inbox/dashboard";
import type { Dashboard } from "@/lib/inbox/types";

// The theme's colours for the forms, in the forms' order (Tailwind finds the classes written out here).
const FILLS = ["fill-navy", "fill-teal", "fill-amber", "fill-coral", "fill-sky"] as const;
const WIDTH = 900;
const HEIGHT = 260;
const LEFT = 44; // room for the count axis's labels
const BOTTOM = 24; // room for the months' labels
const TOP = 8;

const fill = (index: number) => FILLS[index % FILLS.length];

/** The period's leads per day as bars stacked by form, with a count axis, the months marked and a
 * legend, drawn on the server; the figures in a table behind it, for screen readers and anyone
 * who wants the numbers. */
export function DailyLeadsChart({ daily, forms }: Pick<Dashboard, "daily" | "forms">) {
  const names = forms.map((form) => form.name);
  const axis = countAxis(Math.max(0, ...daily.map((day) => dayTotal(day.counts))));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, daily.length);
  const y = (count: number) => TOP + plotHeight - (count / axis.top) * plotHeight;
  const total = daily.reduce((sum, day) => sum + dayTotal(day.counts), 0);
  const first = daily[0];
  const last = daily.at(-1);
  const span = first && last ? `${formatDay(first.day)} to ${formatDay(last.day)}` : "no days";
  return (
    <section aria-labelledby="daily-leads" className="space-y-3 rounded-lg bg-white p-4">
      <h2 id="daily-leads" className="text-lg font-semibold text-navy">
        Leads per day
      </h2>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="daily-leads-title" className="h-auto w-full">
        <title id="daily-leads-title">
          {`Leads per day by form, ${span}: ${total} in all. The table below gives each day's figures.`}
        </title>
        {axisTicks(axis).map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="stroke-navy/15" />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} className="fill-muted">
              {tick}
            </text>
          </g>
        ))}
        {daily.map((day, index) => (
          <g key={day.day}>
            {stack(day.counts, names).map((segment) => (
              <rect
                key={segment.name}
                x={LEFT + index * slot + slot * 0.15}
                width={slot * 0.7}
                y={y(segment.start + segment.count)}
                height={y(segment.start) - y(segment.start + segment.count)}
                className={fill(names.indexOf(segment.name))}
              />
            ))}
          </g>
        ))}
        {monthStarts(daily.map((day) => day.day)).map((index) => (
          <g key={index}>
            <line
              x1={LEFT + index * slot}
              x2={LEFT + index * slot}
              y1={TOP + plotHeight}
              y2={TOP + plotHeight + 5}
              className="stroke-navy/40"
            />
            <text x={LEFT + index * slot + 2} y={HEIGHT - 6} fontSize={11} className="fill-muted">
              {formatDay(daily[index]?.day ?? "1970-01-01")}
            </text>
          </g>
        ))}
      </svg>
      <ul aria-label="Forms" className="flex flex-wrap gap-4 text-sm">
        {forms.map((form, index) => (
          <li key={form.name} className="flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" aria-hidden="true" className="size-3">
              <rect width={10} height={10} className={fill(index)} />
            </svg>
            {form.title}
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-navy">Leads per day as a table</summary>
        <div className="mt-2 max-h-96 overflow-y-auto">
          <table className="inbox-table" data-figures="daily">
            <caption className="sr-only">Leads per day by form, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {forms.map((form) => (
                  <th key={form.name} scope="col" data-form={form.name}>
                    {form.title}
                  </th>
                ))}
                <th scope="col">All forms</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day} data-day={day.day}>
                  <th scope="row" className="font-normal">
                    {formatDay(day.day, true)}
                  </th>
                  {forms.map((form) => (
                    <td key={form.name} data-form={form.name}>
                      {day.counts[form.name] ?? 0}
                    </td>
                  ))}
                  <td>{dayTotal(day.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
