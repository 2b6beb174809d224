import type { DreamTeam } from "@/lib/content";
import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";
import { Reveal } from "../ui/reveal";
import { Section } from "../ui/section";
import { CheckIcon } from "../ui/check-icon";

/** Hire experts on demand: the message, its five points and a call to /request-demo. */
export function DreamTeamBanner({ dreamTeam }: { dreamTeam: DreamTeam }) {
  return (
    <Section name="dream-team" tone="white">
      <Reveal>
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-amber to-amber-600 px-6 py-10 text-navy shadow-xl shadow-amber/20 sm:px-10 sm:py-12 lg:grid lg:grid-cols-5 lg:items-center lg:gap-12 lg:px-14">
          <div aria-hidden="true" className="absolute -top-20 -right-20 -z-10 size-72 bg-radial from-white/20 to-transparent to-70%" />
          <div aria-hidden="true" className="absolute -bottom-24 left-1/3 -z-10 size-64 rounded-full border-[3rem] border-white/10" />
          <div className="lg:col-span-3">
            <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{dreamTeam.heading}</h2>
            <p className="mt-4 text-lg leading-relaxed text-navy/80">{dreamTeam.message}</p>
            <div className="mt-8">
              <ButtonLink href={paths.requestDemo} variant="dark" track={["request_demo", {}]}>
                {dreamTeam.ctaLabel} <span aria-hidden="true">&rarr;</span>
              </ButtonLink>
            </div>
          </div>
          <ul className="mt-10 grid gap-3 sm:grid-cols-2 lg:col-span-2 lg:mt-0 lg:grid-cols-1">
            {dreamTeam.points.map((point) => (
              <li
                key={point}
                className="flex items-center gap-3 rounded-2xl bg-white/35 px-4 py-3 font-semibold ring-1 ring-white/40 backdrop-blur-sm"
              >
                <CheckIcon className="size-6 text-navy" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </Reveal>
    </Section>
  );
}
