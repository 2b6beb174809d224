import type { HomeCta as Cta } from "@/lib/content";

import { Container } from "../ui/container";
import { Reveal } from "../ui/reveal";
import { ScrollToQuoteButton } from "./scroll-to-quote-button";

/** 'Ready to Start Your Project': Get Started scrolls back up to the hero's quote card. */
export function HomeCta({ cta }: { cta: Cta }) {
  return (
    <section data-section="cta" className="bg-white py-16 sm:py-24">
      <Container>
        <Reveal>
          <div className="relative isolate overflow-hidden rounded-3xl bg-navy px-6 py-14 text-center text-white sm:px-12 sm:py-20">
            <div aria-hidden="true" className="absolute -top-24 -left-24 -z-10 size-80 bg-radial from-sky/15 to-transparent to-70%" />
            <div aria-hidden="true" className="absolute -right-24 -bottom-24 -z-10 size-80 bg-radial from-teal/25 to-transparent to-70%" />
            <h2 className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{cta.heading}</h2>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-white/75">{cta.text}</p>
            <div className="mt-10 flex justify-center">
              <ScrollToQuoteButton>
                {cta.buttonLabel} <span aria-hidden="true">&rarr;</span>
              </ScrollToQuoteButton>
            </div>
          </div>
        </Reveal>
      </Container>
    </section>
  );
}
