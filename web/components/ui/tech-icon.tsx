import type { Technology } from "@/lib/content";

/** A technology as its brand mark with its name, or as its name alone where no mark exists. */
export function TechBadge({ technology }: { technology: Technology }) {
  return (
    <span className="inline-flex items-center gap-2.5 rounded-xl border border-navy/10 bg-white px-4 py-2.5 text-sm font-medium text-navy shadow-sm">
      {technology.icon && (
        // A plain <img>: the marks are tiny vector files written by scripts/write-tech-icons.mjs,
        // cached once and shared by every page, so no optimisation route is needed.
        // eslint-disable-next-line @next/next/no-img-element -- a tiny SVG served as it is, see above
        <img
          src={`/tech-icons/${technology.icon}.svg`}
          alt=""
          width={20}
          height={20}
          loading="lazy"
          decoding="async"
          className="size-5 shrink-0"
        />
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
