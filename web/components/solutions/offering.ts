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

/** 1 -> "01": the running number shown beside each list entry. */
export const entryNumber = (index: number) => String(index + 1).padStart(2, "0");
