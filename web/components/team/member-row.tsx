import type { TeamMember } from "@/lib/content";

import { Section, SectionHeading, type Tone } from "../ui/section";
import { MemberCard } from "./member-card";

/**
 * One row of the team page as its own band; `srHeading` names a row the design leaves untitled.
 * `priority`: the row is on the first screen, so its portraits load at once.
 */
export function MemberRow({
  name,
  members,
  heading,
  srHeading,
  tone = "white",
  priority = false,
  className = "",
}: {
  name: TeamMember["row"];
  members: TeamMember[];
  heading?: string;
  srHeading?: string;
  tone?: Tone;
  priority?: boolean;
  className?: string;
}) {
  const columns = members.length >= 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-2 lg:grid-cols-3";
  return (
    <Section name={name} tone={tone} className={className}>
      {heading && <SectionHeading title={heading} />}
      {srHeading && <h2 className="sr-only">{srHeading}</h2>}
      <ul className={`grid gap-8 ${columns} ${heading ? "mt-12" : ""}`}>
        {members.map((member) => (
          <li key={member.name}>
            <MemberCard member={member} priority={priority} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
