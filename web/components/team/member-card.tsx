import type { TeamMember } from "@/lib/content";

import { Picture } from "../ui/picture";
import { MemberLinks } from "./member-links";

export function MemberCard({ member, priority = false }: { member: TeamMember; priority?: boolean }) {
  return (
    <article
      data-member={member.name}
      className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/10 transition hover:-translate-y-1 hover:shadow-xl hover:shadow-navy/10 motion-reduce:transform-none"
    >
      <Picture
        src={member.img}
        alt={`Portrait of ${member.name}, ${member.role}`}
        width={400}
        height={400}
        priority={priority}
        className="aspect-[4/3] w-full bg-surface object-cover object-[center_35%] sm:aspect-square"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-bold text-navy">{member.name}</h3>
        <p className="mt-1 text-sm font-semibold text-amber-700">{member.role}</p>
        <p className="mt-4 text-sm leading-relaxed text-ink/80">{member.description}</p>
        <div className="mt-auto pt-6">
          <MemberLinks member={member} />
        </div>
      </div>
    </article>
  );
}
