import type { FaqItem } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";

export function FaqList({ faq }: { faq: FaqItem[] }) {
  return (
    <Section name="faq">
      <SectionHeading eyebrow="Questions" title="FAQ" />
      <div className="mx-auto mt-10 max-w-3xl divide-y divide-navy/10 rounded-2xl border border-navy/10">
        {faq.map((item) => (
          <details key={item.id} className="group p-6 open:bg-surface/60">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-navy">
              {item.question}
              <span aria-hidden="true" className="text-2xl text-amber transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-4 leading-relaxed text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
