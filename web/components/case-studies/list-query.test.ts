import { describe, expect, it } from "vitest";

import { CASE_STUDIES_PER_PAGE, listQuery, pageCount, pageSlice, parseListQuery } from "./list-query";

const categories = ["AI-Driven", "Edutech"];
// 13 studies in all (three pages), 4 of them AI-Driven (one page).
const countIn = (category?: string) => (category === "AI-Driven" ? 4 : category === "Edutech" ? 9 : 13);
const parse = (search: string) => parseListQuery(search, categories, countIn);

describe("parseListQuery", () => {
  it("reads a known category and a page within range", () => {
    expect(parse("?category=Edutech&page=2")).toEqual({ category: "Edutech", page: 2 });
    expect(parse("?page=3")).toEqual({ category: undefined, page: 3 });
  });

  it.each([
    ["no query", ""],
    ["an unknown category", "?category=Robots"],
    ["a page past the last", "?page=4"],
    ["a page past the category's last", "?category=AI-Driven&page=2"],
    ["page zero", "?page=0"],
    ["a negative page", "?page=-1"],
    ["a page that is not a number", "?page=two"],
    ["a page with a leading zero", "?page=01"],
    ["a page of five digits", "?page=10000"],
  ])("falls back to page 1 of the category or All for %s", (_case, search) => {
    const state = parse(search);
    expect(state.page).toBe(1);
    expect(state.category === undefined || categories.includes(state.category)).toBe(true);
  });
});

describe("listQuery", () => {
  it("leaves the defaults out, so page 1 of All is the bare path", () => {
    expect(listQuery({ category: undefined, page: 1 })).toBe("");
    expect(listQuery({ category: "AI-Driven", page: 1 })).toBe("?category=AI-Driven");
    expect(listQuery({ category: undefined, page: 2 })).toBe("?page=2");
  });

  it("round-trips through parseListQuery", () => {
    const state = { category: "Edutech", page: 2 };
    expect(parse(listQuery(state))).toEqual(state);
  });
});

describe("pages", () => {
  it("counts at least one page, and six cards to a page", () => {
    expect(CASE_STUDIES_PER_PAGE).toBe(6);
    expect([0, 1, 6, 7, 13].map(pageCount)).toEqual([1, 1, 1, 2, 3]);
  });

  it("slices the page's cards", () => {
    const items = Array.from({ length: 13 }, (_, index) => index);
    expect(pageSlice(items, 1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageSlice(items, 3)).toEqual([12]);
  });
});
