import type { Expectations } from "@/lib/content";

import { Reveal } from "../ui/reveal";
import { Section, SectionHeading } from "../ui/section";

export function ExpectationsSection({ expectations }: { expectations: Expectations }) {
  return (
    <Section name="expectations" tone="surface">
      <SectionHeading title={expectations.heading} />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {expectations.points.map((point, index) => (
          <li key={point.title}>
            <Reveal className="h-full">
              <div className="h-full rounded-3xl bg-white p-8 shadow-sm ring-1 ring-navy/10">
                <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-navy text-lg font-bold text-amber">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-6 text-xl font-bold text-navy">{point.title}</h3>
                <p className="mt-3 leading-relaxed text-ink/80">{point.description}</p>
              </div>
            </Reveal>
          </li>
        ))}
      </ol>
    </Section>
  );
}
