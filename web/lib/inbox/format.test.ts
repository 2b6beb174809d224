import { describe, expect, it } from "vitest";

import { formatCount, formatSize } from "./format";

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

  it("writes the list's own counts, which are exact, in full", () => {
    expect(formatCount(25_310, false)).toBe("25,310");
  });
});
