import { trackOnClick } from "@/lib/analytics/events";
import type { TeamMember } from "@/lib/content";

import { SocialIcon } from "../ui/social-icon";

const iconClass = "size-5";

function MailIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function CodeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={iconClass} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16" />
    </svg>
  );
}

const linkClass =
  "grid size-10 place-items-center rounded-full bg-surface text-navy ring-1 ring-navy/10 transition hover:bg-amber hover:text-navy hover:ring-amber";

/** A member's first link (mail or code hosting) and, unless it is the '#' placeholder, the network profile. */
export function MemberLinks({ member }: { member: TeamMember }) {
  const isMail = member.github.startsWith("mailto:");
  const opensTab = member.github.startsWith("https:");
  const showNetwork = member.linkedin !== "#";
  return (
    <ul className="flex gap-3" aria-label={`Contact ${member.name}`}>
      <li>
        <a
          href={member.github}
          aria-label={isMail ? `Email ${member.name}` : `${member.name} on code hosting`}
          data-member-link={isMail ? "email" : "github"}
          {...trackOnClick("team_member_contact_click", { member_name: member.name, type: isMail ? "email" : "github" })}
          className={linkClass}
          {...(opensTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {member.icon === "email" ? <MailIcon /> : <CodeIcon />}
        </a>
      </li>
      {showNetwork && (
        <li>
          <a
            href={member.linkedin}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${member.name} on LinkedIn`}
            data-member-link="linkedin"
            {...trackOnClick("team_member_contact_click", { member_name: member.name, type: "linkedin" })}
            className={linkClass}
          >
            <SocialIcon icon="linkedin" className={iconClass} />
          </a>
        </li>
      )}
    </ul>
  );
}
