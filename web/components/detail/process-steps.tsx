import type { ProcessStep } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";

export function ProcessSteps({ steps }: { steps: ProcessStep[] }) {
  return (
    <Section name="process">
      <SectionHeading eyebrow="How we work" title="Our Process" />
      <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.id} className="relative rounded-2xl border border-navy/10 bg-white p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-full bg-amber text-lg font-bold text-navy">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-navy">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
