import { describe, expect, it } from "vitest";

import { chosenLead, chosenStatus, chosenValue, formatDuration } from "./work";

describe("formatDuration", () => {
  it.each([
    [0, "0 min"],
    [59, "0 min"],
    [45 * 60, "45 min"],
    [3600, "1 h"],
    [3 * 3600 + 12 * 60, "3 h 12 min"],
    [47 * 3600 + 59 * 60, "47 h 59 min"],
    [48 * 3600, "2 d"],
    [52 * 3600 + 30 * 60, "2 d 4 h"],
  ])("writes %i seconds as %s", (seconds, written) => {
    expect(formatDuration(seconds)).toBe(written);
  });
});

describe("a chosen lead", () => {
  it("is read back from its checkbox's value as the service takes it", () => {
    expect(chosenLead(chosenValue(12, 3))).toEqual({ id: 12, version: 3 });
  });
});

describe("a chosen status", () => {
  it("is one the service names", () => {
    expect(chosenStatus("won")).toBe("won");
  });

  it.each(["", "Won", "toString", null])("is none for %j", (value) => {
    expect(chosenStatus(value)).toBeUndefined();
  });
});
