import type { CompanyContent } from "@/lib/content";

import { PageHero } from "../ui/page-hero";

/** Heading, tagline, introduction and the first-year revenue-growth claim. */
export function CompanyHero({ company }: { company: CompanyContent }) {
  return (
    <PageHero eyebrow="Company" title={company.heading} intro={company.tagline}>
      <div className="grid w-full gap-8 lg:grid-cols-[1fr_auto] lg:items-end">
        <p className="max-w-3xl leading-relaxed text-white/70">{company.intro}</p>
        <p
          data-revenue-growth
          className="flex items-center gap-5 rounded-3xl bg-white/5 p-6 ring-1 ring-white/15 backdrop-blur sm:p-8 lg:max-w-sm"
        >
          <span className="text-5xl font-bold text-amber sm:text-6xl">{company.revenueGrowth.value}</span>
          <span className="text-sm leading-snug text-white/80">{company.revenueGrowth.label}</span>
        </p>
      </div>
    </PageHero>
  );
}
