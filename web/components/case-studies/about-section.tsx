import type { CaseStudyAbout } from "@/lib/content";

import { Picture } from "../ui/picture";
import { Section, SectionHeading } from "../ui/section";

function hostOf(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}

/** A case study's About: brand, location, industry, type, scope of work and the product link. */
export function AboutSection({ about }: { about: CaseStudyAbout }) {
  const facts = [
    ["Location", about.location],
    ["Industry", about.industry],
    ["Type", about.type],
  ].filter(([, value]) => value);
  return (
    <Section name="about">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading eyebrow="The client" title="About" align="left" />
          <p className="mt-6 text-2xl font-semibold text-navy" data-brand>
            {about.brand}
          </p>
          {facts.length > 0 && (
            <dl className="mt-6 grid gap-4 sm:grid-cols-3">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-2xl bg-surface p-4">
                  <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
                  <dd className="mt-1 font-medium text-navy">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {about.workScope?.length > 0 && (
            <>
              <h3 className="mt-8 text-sm font-semibold tracking-wider text-muted uppercase">Scope of Work</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {about.workScope.map((item) => (
                  <li key={item} className="rounded-full bg-navy/5 px-4 py-2 text-sm font-medium text-navy">
                    {item}
                  </li>
                ))}
              </ul>
            </>
          )}
          {about.productLink && (
            <a
              href={about.productLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-8 inline-flex items-center gap-2 font-semibold text-navy underline decoration-teal decoration-2 underline-offset-4 hover:text-teal"
              data-product-link
            >
              Visit the product: {hostOf(about.productLink)}
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" />
              </svg>
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        {about.sub_header_Image && (
          <Picture
            src={about.sub_header_Image}
            alt={`${about.brand}: the product at a glance`}
            width={1200}
            height={900}
            className="h-auto w-full rounded-3xl shadow-xl shadow-navy/10 lg:order-first"
          />
        )}
      </div>
    </Section>
  );
}
