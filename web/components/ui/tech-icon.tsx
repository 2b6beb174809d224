import * as simpleIcons from "simple-icons";

import type { Technology } from "@/lib/content";

type SimpleIcon = { slug: string; path: string; hex: string; title: string };

// Server-only: the full icon set stays out of the browser bundle; pages get one <svg> per logo.
const bySlug = new Map<string, SimpleIcon>(
  Object.values(simpleIcons as Record<string, SimpleIcon>).map((icon) => [icon.slug, icon]),
);

/** A technology as its brand mark with its name, or as its name alone where no mark exists (spec 2.16). */
export function TechBadge({ technology }: { technology: Technology }) {
  const icon = technology.icon ? bySlug.get(technology.icon) : undefined;
  return (
    <span className="inline-flex items-center gap-2.5 rounded-xl border border-navy/10 bg-white px-4 py-2.5 text-sm font-medium text-navy shadow-sm">
      {icon && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill={`#${icon.hex}`}>
          <path d={icon.path} />
        </svg>
      )}
      {technology.name}
    </span>
  );
}

export function TechList({ technologies }: { technologies: Technology[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {technologies.map((technology) => (
        <li key={technology.name}>
          <TechBadge technology={technology} />
        </li>
      ))}
    </ul>
  );
}
