import { describe, expect, it } from "vitest";

import {
  axisTicks,
  countAxis,
  dayTotal,
  formatDay,
  formatDuration,
  formatShare,
  monthStarts,
  shorten,
  stack,
} from "./dashboard";

describe("countAxis", () => {
  it("rounds the top up to whole steps of 1, 2 or 5 times a power of ten", () => {
    expect(countAxis(37)).toEqual({ top: 40, step: 10 });
    expect(countAxis(1_342)).toEqual({ top: 1_500, step: 500 });
    expect(countAxis(7)).toEqual({ top: 8, step: 2 });
  });

  it("steps by whole leads however few there are, and has a top with none", () => {
    expect(countAxis(3)).toEqual({ top: 3, step: 1 });
    expect(countAxis(0)).toEqual({ top: 1, step: 1 });
  });

  it("gives a tick at each step from 0 to the top", () => {
    expect(axisTicks({ top: 40, step: 10 })).toEqual([0, 10, 20, 30, 40]);
  });
});

describe("stack", () => {
  it("piles each form's count on those before it, in the forms' order, leaving out none", () => {
    expect(stack({ quote: 2, contact: 3, caseStudiesContact: 0 }, ["contact", "caseStudiesContact", "quote"])).toEqual([
      { name: "contact", start: 0, count: 3 },
      { name: "quote", start: 3, count: 2 },
    ]);
    expect(dayTotal({ quote: 2, contact: 3 })).toBe(5);
  });
});

describe("days", () => {
  it("writes a UTC day short, or with its year", () => {
    expect(formatDay("2026-03-01")).toBe("1 Mar");
    expect(formatDay("2026-11-26", true)).toBe("26 Nov 2026");
  });

  it("labels the axis where months start, else at its first day", () => {
    expect(monthStarts(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])).toEqual([2]);
    expect(monthStarts(["2026-03-02", "2026-03-03"])).toEqual([0]);
  });
});

describe("figures", () => {
  it("writes a share as a whole percentage, and nothing to share as a dash", () => {
    expect(formatShare(33, 40)).toBe("83%");
    expect(formatShare(0, 0)).toBe("–");
  });

  it("writes a duration as a person says it", () => {
    expect(formatDuration(20)).toBe("under a minute");
    expect(formatDuration(42 * 60 + 10)).toBe("42 min");
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(formatDuration(3 * 3600)).toBe("3 h");
    expect(formatDuration(52 * 3600)).toBe("2 d 4 h");
  });

  it("shortens a long label with an ellipsis", () => {
    expect(shorten("/case-studies/food-delivery-app", 12)).toBe("/case-studi…");
    expect(shorten("Direct", 12)).toBe("Direct");
  });
});
