import type { Hero } from "@/lib/content";
import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";
import { Container } from "../ui/container";
import { Picture } from "../ui/picture";
import { QuoteCard } from "./quote-card";
import { RotatingPhrase } from "./rotating-phrase";

/** Home hero: the page's <h1>, the rotating phrase, the two calls, the picture and the quote card. */
export function HeroSection({ hero }: { hero: Hero }) {
  return (
    <section data-section="hero" className="hero-glow relative isolate overflow-hidden bg-navy pt-(--header-height) text-white">
      <div aria-hidden="true" className="absolute top-10 right-[-10rem] -z-10 size-[36rem] bg-radial from-sky/10 to-transparent to-70%" />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.07)_1px,transparent_0)] bg-size-[28px_28px]"
      />
      <Container className="py-14 sm:py-20 lg:py-24">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-14">
          <div>
            <h1 className="text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-5xl xl:text-6xl">
              {hero.headline}
            </h1>
            <RotatingPhrase phrases={hero.phrases} className="mt-5 text-2xl font-semibold text-amber sm:text-3xl" />
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/75">{hero.intro}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
              <ButtonLink href={paths.requestDemo} track={["request_demo", {}]}>
                {hero.appointmentLabel}
              </ButtonLink>
              <ButtonLink href={paths.caseStudies} variant="light" track={["view_case_studies_click", {}]}>
                {hero.caseStudiesLabel}
              </ButtonLink>
            </div>
          </div>
          <div className="relative">
            <div
              aria-hidden="true"
              className="absolute -inset-16 -z-10 bg-radial from-amber/20 via-teal/10 via-50% to-transparent to-70%"
            />
            <Picture
              src={hero.image}
              alt="Product dashboard, AI chat assistant on a phone, code editor and an online course card"
              width={1200}
              height={800}
              priority
              className="h-auto w-full rounded-3xl shadow-2xl ring-1 shadow-black/30 ring-white/10"
            />
          </div>
        </div>
        <div className="mt-14 lg:mt-16">
          <QuoteCard />
        </div>
      </Container>
    </section>
  );
}
