import type { CoreServicesSection } from "@/lib/content";

import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";
import { Reveal } from "../ui/reveal";
import { Section, SectionHeading } from "../ui/section";
import { ScrollToQuoteButton } from "./scroll-to-quote-button";

/** Six service cards, each a link to its page, and Start Now back to the hero. */
export function CoreServices({ coreServices }: { coreServices: CoreServicesSection }) {
  return (
    <Section name="core-services" tone="white">
      <Reveal>
        <SectionHeading title={coreServices.heading} intro={coreServices.intro} />
      </Reveal>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {coreServices.cards.map((card) => (
          <li key={card.target}>
            <Reveal className="h-full">
              <PageLink
                href={card.target}
                data-core-service
                className="group flex h-full flex-col rounded-3xl border border-navy/10 bg-white p-7 transition duration-300 hover:-translate-y-1 hover:border-amber/60 hover:shadow-xl hover:shadow-navy/10"
              >
                <Picture
                  src={card.image}
                  alt=""
                  width={400}
                  height={400}
                  className="size-20 rounded-2xl transition duration-300 group-hover:scale-105"
                />
                <h3 className="mt-6 text-xl font-bold text-navy">{card.title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-muted">{card.description}</p>
                <span
                  aria-hidden="true"
                  className="mt-6 grid size-10 place-items-center rounded-full bg-surface text-navy transition group-hover:bg-amber"
                >
                  &rarr;
                </span>
              </PageLink>
            </Reveal>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex justify-center">
        <ScrollToQuoteButton>{coreServices.startNowLabel}</ScrollToQuoteButton>
      </div>
    </Section>
  );
}
