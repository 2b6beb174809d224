import type { Metric } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";

/** "80% faster" -> ["80", "% faster"]: the number is set large, the rest beside it. */
export function splitMetricValue(value: string): [string, string] {
  const match = /^([<>~]?[0-9]+(?:[.,][0-9]+)?)(.*)$/.exec(value);
  return match ? [match[1] ?? value, match[2] ?? ""] : [value, ""];
}

export function MetricCards({ name, title, intro, metrics }: { name: string; title: string; intro: string; metrics: Metric[] }) {
  return (
    <Section name={name} tone="navy">
      <SectionHeading title={title} intro={intro} tone="navy" />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-6 sm:grid-cols-2">
        {metrics.map((metric, index) => {
          const [number, suffix] = splitMetricValue(metric.value);
          // An odd last card spans both columns and sits centred.
          const centred = index === metrics.length - 1 && metrics.length % 2 === 1;
          return (
            <li
              key={metric.title}
              data-metric
              data-centred={centred || undefined}
              className={`rounded-2xl bg-white/5 p-8 text-center ring-1 ring-white/10 ${centred ? "sm:col-span-2 sm:mx-auto sm:w-1/2" : ""}`}
            >
              <p className="text-5xl font-bold text-amber">
                <span data-metric-number>{number}</span>
                <span data-metric-suffix className="text-2xl">
                  {suffix}
                </span>
              </p>
              <h3 className="mt-3 text-lg font-semibold">{metric.title}</h3>
              <p className="mt-2 text-sm text-white/70">{metric.extra}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
