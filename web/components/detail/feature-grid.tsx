import type { Feature } from "@/lib/content";

import { entryNumber } from "../ui/entry-number";
import { Section, SectionHeading } from "../ui/section";

export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <Section name="features" tone="surface">
      <SectionHeading eyebrow="What it does" title="Key Features" />
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {features.map((feature, index) => (
          <li key={feature.id} className="rounded-2xl bg-white p-6 shadow-sm">
            <p className="text-3xl font-bold text-amber-700" data-feature-number>
              {entryNumber(index)}
            </p>
            <h3 className="mt-3 text-lg font-semibold text-navy">{feature.title}</h3>
            <ul className="mt-3 space-y-2 text-sm text-muted">
              {feature.sub_features.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-teal" />
                  {item}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
