import type { HomeContent } from "@/lib/content";

import { splitMetricValue } from "../detail/metric-cards";
import { Container } from "../ui/container";

/** The four home figures (not the company page's): 200+ clients, 350+ profiles, 200+ employees, 3+ offices. */
export function StatsBand({ stats }: { stats: HomeContent["stats"] }) {
  return (
    <section data-section="stats" className="relative overflow-hidden bg-navy py-14 text-white sm:py-16">
      <div aria-hidden="true" className="absolute -top-24 left-1/4 size-72 bg-radial from-teal/15 to-transparent to-70%" />
      <Container className="relative">
        <dl className="grid grid-cols-2 gap-y-10 lg:grid-cols-4 lg:divide-x lg:divide-white/10">
          {stats.map((stat) => {
            const [number, suffix] = splitMetricValue(stat.value);
            return (
              <div key={stat.label} className="flex flex-col-reverse items-center gap-2 px-4 text-center" data-stat>
                <dt className="text-sm font-medium tracking-wider text-white/70 uppercase sm:text-base">{stat.label}</dt>
                <dd className="text-4xl font-bold tracking-tight sm:text-5xl">
                  {number}
                  <span className="text-amber">{suffix}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      </Container>
    </section>
  );
}
