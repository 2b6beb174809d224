import type { ReactNode } from "react";

import { Container } from "./container";

/** The navy band that opens every inner page, holding its one <h1>. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <section data-section="hero" className="relative overflow-hidden bg-navy pt-(--header-height) text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 bg-radial from-amber/15 to-transparent to-70%" />
      <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-80 bg-radial from-teal/20 to-transparent to-70%" />
      <Container className="relative py-16 sm:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-amber uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {intro && <p className="mt-6 max-w-3xl text-lg leading-relaxed text-white/75">{intro}</p>}
        {children && <div className="mt-8 flex flex-wrap gap-4">{children}</div>}
      </Container>
    </section>
  );
}
