import type { TechStackGroup } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";
import { TechList } from "../ui/tech-icon";

/** Six groups of technologies; an entry without an icon shows its name only. */
export function TechStackSection({ groups }: { groups: TechStackGroup[] }) {
  return (
    <Section name="tech-stack" tone="surface">
      <SectionHeading eyebrow="What we build with" title="Our Technology Stack" />
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <li key={group.title} data-tech-group={group.title} className="rounded-3xl bg-white/60 p-6 ring-1 ring-navy/10 sm:p-8">
            <h3 className="text-center text-lg font-bold text-navy">{group.title}</h3>
            <div className="mt-5">
              <TechList technologies={group.technologies} />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
