import { buttonClass, type ButtonVariant } from "../ui/button-link";
import { PageLink } from "../ui/page-link";

/**
 * The 'Learn More' link of a list entry. Its accessible name stays 'Learn More'; `describedBy`
 * points at the entry's title so screen readers tell the six links apart.
 */
export function LearnMoreLink({
  href,
  describedBy,
  variant = "dark",
  className = "",
}: {
  href: string;
  describedBy: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <PageLink href={href} aria-describedby={describedBy} className={`${buttonClass(variant)} group ${className}`}>
      Learn More
      <span aria-hidden="true" className="transition group-hover:translate-x-1">
        &rarr;
      </span>
    </PageLink>
  );
}
