import { describe, expect, it } from "vitest";

import { formatCount } from "./format";

describe("formatCount", () => {
  it("writes a search's counts up to the service's cap, then as more than it", () => {
    expect(formatCount(100, true)).toBe("100");
    expect(formatCount(101, true)).toBe("100+");
  });

  it("writes the list's own counts, which are exact, in full", () => {
    expect(formatCount(25_310, false)).toBe("25,310");
  });
});
