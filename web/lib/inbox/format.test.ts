import { describe, expect, it } from "vitest";

import { formatCount, formatMoney, formatMonth, formatSize, minorDigits } from "./format";

describe("formatSize", () => {
  it("writes bytes, then kilobytes and megabytes of 1,024", () => {
    expect(formatSize(1)).toBe("1 byte");
    expect(formatSize(820)).toBe("820 bytes");
    expect(formatSize(2048)).toBe("2 KB");
    expect(formatSize(1_468_006)).toBe("1.4 MB");
  });
});

describe("formatCount", () => {
  it("writes a search's counts up to the service's cap, then as more than it", () => {
    expect(formatCount(100, true)).toBe("100");
    expect(formatCount(101, true)).toBe("100+");
  });

  it("writes the list's own counts in full up to their cap, then as more than it", () => {
    expect(formatCount(9_310, false)).toBe("9,310");
    expect(formatCount(10_000, false)).toBe("10,000");
    expect(formatCount(10_001, false)).toBe("10,000+");
  });
});

describe("formatMoney", () => {
  it("writes minor units in the currency's own digits", () => {
    expect(formatMoney(1_250_000, "USD")).toBe("$12,500.00");
    expect(formatMoney(90_050, "EUR")).toBe("€900.50");
    expect(formatMoney(125_000, "JPY")).toBe("¥125,000");
  });

  it("knows each currency's minor digits", () => {
    expect([minorDigits("USD"), minorDigits("JPY"), minorDigits("KWD")]).toEqual([2, 0, 3]);
  });
});

describe("formatMonth", () => {
  it("names a month and its year", () => {
    expect([formatMonth("2027-01"), formatMonth("2026-12")]).toEqual(["Jan 2027", "Dec 2026"]);
  });
});
