import type { ReactNode } from "react";

import { CheckList } from "../ui/check-list";
import { Container } from "../ui/container";
import { Picture } from "../ui/picture";
import { mockupImageSize } from "./offering";

/**
 * The opening of an edutech or service detail page: a navy band with the title and summary, then
 * a raised card with the sub-header, its bullets, the actions and the mockup, which never grows
 * taller than 400 px: as wide as its cell up to 533 px, its height from its 4:3 width and height.
 * Sized so before it loads (an SVG has no size of its own to give with w-auto), it moves nothing
 * when it arrives.
 */
export function SubHeaderIntro({
  eyebrow,
  title,
  summary,
  subHeader,
  points,
  image,
  imageAlt,
  actions,
}: {
  eyebrow: string;
  title: string;
  summary: string;
  subHeader: string;
  points: string[];
  image: string;
  imageAlt: string;
  actions: ReactNode;
}) {
  return (
    <section data-section="intro" className="bg-surface">
      <div className="relative overflow-hidden bg-navy pt-(--header-height) text-white">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 bg-radial from-amber/15 to-transparent to-70%" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-80 bg-radial from-teal/20 to-transparent to-70%" />
        <Container className="relative pt-14 pb-32 sm:pt-20 sm:pb-40">
          <p className="text-sm font-semibold tracking-wider text-amber uppercase">{eyebrow}</p>
          <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-6 max-w-3xl text-lg leading-relaxed text-white/75">{summary}</p>
        </Container>
      </div>
      <Container className="relative -mt-20 pb-16 sm:-mt-28 sm:pb-24">
        <div className="grid items-center gap-10 rounded-3xl bg-white p-6 shadow-xl shadow-navy/10 ring-1 ring-navy/5 sm:p-10 lg:grid-cols-2 lg:gap-14">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl" data-sub-header>
              {subHeader}
            </h2>
            <CheckList points={points} className="mt-6" />
            <div className="mt-8 flex flex-wrap gap-4">{actions}</div>
          </div>
          <div className="grid place-items-center rounded-2xl bg-surface p-4 sm:p-6">
            <Picture
              src={image}
              alt={imageAlt}
              {...mockupImageSize}
              priority
              className="h-auto w-full max-w-[533px] rounded-xl object-contain"
            />
          </div>
        </div>
      </Container>
    </section>
  );
}
