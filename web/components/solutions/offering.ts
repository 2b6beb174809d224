// What a list page shows of one AI solution, edutech service or software service.
export type OfferingSummary = {
  id: number;
  title: string;
  description: string;
  image: string;
  href: string;
};

/** List images (…/1-hero.svg, edutech/1.svg, services/7.svg) are drawn on a 1200 x 800 viewBox. */
export const listImageSize = { width: 1200, height: 800 } as const;

/** Mockups (problem, solution, sub-header) are drawn on a 1200 x 900 viewBox. */
export const mockupImageSize = { width: 1200, height: 900 } as const;

/** The list-page summaries of content entries, each linking to its detail path. */
export function toSummaries(
  items: readonly Omit<OfferingSummary, "href">[],
  hrefFor: (id: number) => string,
): OfferingSummary[] {
  return items.map(({ id, title, description, image }) => ({ id, title, description, image, href: hrefFor(id) }));
}
