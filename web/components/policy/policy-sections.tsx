import type { CookiePolicySection } from "@/lib/content";

import { Section } from "../ui/section";
import { CookieTable } from "./cookie-table";

/** The policy's sections in order, beside a table of contents that stays in view on wide screens. */
export function PolicySections({ sections }: { sections: CookiePolicySection[] }) {
  return (
    <Section name="policy">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-12 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="policy-contents" className="lg:sticky lg:top-[calc(var(--header-height)+2rem)] lg:self-start">
          <h2 id="policy-contents" className="text-sm font-semibold tracking-wider text-amber-700 uppercase">
            On this page
          </h2>
          <ol className="mt-4 space-y-1 border-l-2 border-navy/10">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-0.5 block border-l-2 border-transparent py-1.5 pl-4 text-sm text-muted transition hover:border-amber hover:text-navy"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-14">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} data-policy-section={section.id}>
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 text-lg leading-relaxed text-ink/80">
                  {paragraph}
                </p>
              ))}
              {section.table && <CookieTable table={section.table} />}
            </section>
          ))}
        </div>
      </div>
    </Section>
  );
}
