import type { CompanyTeamSection } from "@/lib/content";
import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";
import { Picture } from "../ui/picture";
import { Section } from "../ui/section";

/** The company page's team block: two studios, one team, and a link to /team. */
export function TeamTeaser({ section }: { section: CompanyTeamSection }) {
  return (
    <Section name="team">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <Picture
          src={section.image}
          alt="The team in a sprint review around a table, with a task board and a project dashboard"
          width={1200}
          height={800}
          className="w-full rounded-3xl shadow-xl shadow-navy/10 ring-1 ring-navy/10"
        />
        <div>
          <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase">Our people</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">{section.heading}</h2>
          <p className="mt-5 text-lg leading-relaxed text-ink/80">{section.text}</p>
          <div className="mt-8">
            <ButtonLink href={paths.team} variant="dark">
              Meet Our Team <span aria-hidden="true">&rarr;</span>
            </ButtonLink>
          </div>
        </div>
      </div>
    </Section>
  );
}
