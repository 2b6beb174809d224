import { trackOnClick } from "@/lib/analytics/events";
import type { SocialLink } from "@/lib/content";

import { SocialIcon } from "./social-icon";

const tones = {
  dark: "size-10 bg-white/10 text-white hover:bg-amber hover:text-navy",
  light: "size-12 bg-surface text-navy ring-1 ring-navy/10 hover:bg-amber hover:ring-amber",
} as const;

/** The company's social networks as round icon links, each opening in a new tab. */
export function SocialLinks({
  links,
  tone,
  className = "",
}: {
  links: SocialLink[];
  tone: keyof typeof tones;
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`} aria-label="Social networks">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.name}
            data-contact="social"
            {...trackOnClick("contact_info_click", { type: "social", network: link.name })}
            className={`grid place-items-center rounded-full transition ${tones[tone]}`}
          >
            <SocialIcon icon={link.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
