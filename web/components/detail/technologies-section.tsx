import type { Technology } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";
import { TechList } from "../ui/tech-icon";

export function TechnologiesSection({ technologies }: { technologies: Technology[] }) {
  return (
    <Section name="technologies">
      <SectionHeading eyebrow="Built with" title="Technologies" />
      <div className="mt-10">
        <TechList technologies={technologies} />
      </div>
    </Section>
  );
}
