// The case-studies list state (category filter and page) and how it reads from and writes to the
// URL query, so a filtered page survives a reload and can be shared (?category=AI-Driven&page=2).

/** Six cards per page. */
export const CASE_STUDIES_PER_PAGE = 6;

export type ListState = { category: string | undefined; page: number };

/** Reads `?category=...&page=...`; an unknown category means All, a page out of range means 1. */
export function parseListQuery(search: string, categories: readonly string[], countIn: (category?: string) => number): ListState {
  const query = new URLSearchParams(search);
  const rawCategory = query.get("category") ?? undefined;
  const category = rawCategory !== undefined && categories.includes(rawCategory) ? rawCategory : undefined;
  const rawPage = query.get("page") ?? "1";
  const page = /^[1-9][0-9]{0,3}$/.test(rawPage) ? Number(rawPage) : 1;
  return { category, page: page <= pageCount(countIn(category)) ? page : 1 };
}

/** The query for a state, without the defaults: page 1 of All is the bare path. */
export function listQuery({ category, page }: ListState): string {
  const query = new URLSearchParams();
  if (category) query.set("category", category);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / CASE_STUDIES_PER_PAGE));

export function pageSlice<Item>(items: readonly Item[], page: number): Item[] {
  const start = (page - 1) * CASE_STUDIES_PER_PAGE;
  return items.slice(start, start + CASE_STUDIES_PER_PAGE);
}
