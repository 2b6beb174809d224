// The not-found screens: each detail section has its own message, any other URL
// gets the site-wide one.
import { paths } from "../routes";

export type NotFoundScreen = { message: string; backHref: string; backLabel: string };

export const siteNotFound: NotFoundScreen = {
  message: "Page Not Found",
  backHref: paths.home,
  backLabel: "Back to the home page",
};

export const detailNotFound = {
  "ai-solutions": { message: "Service Not Found", backHref: paths.aiSolutions, backLabel: "Back to AI Solutions" },
  edutech: { message: "Service Not Found", backHref: paths.edutech, backLabel: "Back to EduTech" },
  // Kept verbatim on purpose: the stray "WWW" is part of the message (docs/product-rules.md#verbatim-texts).
  services: { message: "Service WWWNot Found", backHref: paths.services, backLabel: "Back to Our Services" },
  "case-studies": { message: "Case Study Not Found", backHref: paths.caseStudies, backLabel: "Back to Case Studies" },
  blog: { message: "Blog post not found.", backHref: paths.blog, backLabel: "Back to Blog" },
} satisfies Record<string, NotFoundScreen>;

/** The first URL segment of a detail route, e.g. "services" for /services/7. */
export type DetailSection = keyof typeof detailNotFound;

export const detailSections = Object.keys(detailNotFound) as DetailSection[];

export function isDetailSection(segment: string): segment is DetailSection {
  return Object.hasOwn(detailNotFound, segment);
}
