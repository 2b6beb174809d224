// Paths of the site's routes and the one rule for detail ids, shared by pages, links and tests.

/** A detail id as written in the URL: digits only, no sign, no leading zero. */
export function parseId(raw: string): number | undefined {
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : undefined;
}

export const paths = {
  home: "/",
  aiSolutions: "/ai-solutions",
  aiSolution: (id: number) => `/ai-solutions/${id}`,
  edutech: "/edutech",
  edutechService: (id: number) => `/edutech/${id}`,
  services: "/services",
  service: (id: number) => `/services/${id}`,
  pricing: "/pricing",
  caseStudies: "/case-studies",
  caseStudy: (id: number) => `/case-studies/${id}`,
  blog: "/blog",
  blogPost: (id: number) => `/blog/${id}`,
  about: "/about",
  team: "/team",
  company: "/company",
  requestDemo: "/request-demo",
  privacyPolicy: "/privacy-policy",
} as const;

/** The blog's RSS feed: apart from `paths`, which the pages' scripts carry, as no script links it. */
export const BLOG_FEED_PATH = "/blog/feed.xml";

/** The entry after `id` in `items`, wrapping from the last to the first. */
export function nextInCycle<Item extends { id: number }>(items: readonly Item[], id: number): Item | undefined {
  const index = items.findIndex((item) => item.id === id);
  return index === -1 ? undefined : items[(index + 1) % items.length];
}
