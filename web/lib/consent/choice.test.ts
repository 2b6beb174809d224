import { describe, expect, it } from "vitest";

import { CONSENT_MAX_AGE_MS, currentChoice, makeChoice } from "./choice";

const NOW = new Date("2026-11-23T10:00:00Z");
const saved = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ ...makeChoice({ analytics: true, marketing: false }, "v2", NOW, "id-1"), ...overrides });

describe("currentChoice", () => {
  it("returns a saved choice of this version", () => {
    expect(currentChoice(saved(), "v2", NOW)).toEqual({
      essential: true,
      analytics: true,
      marketing: false,
      version: "v2",
      date: NOW.toISOString(),
      id: "id-1",
    });
  });

  it("asks again when the policy version changed", () => {
    expect(currentChoice(saved(), "v3", NOW)).toBeNull();
  });

  it("asks again after 12 months, not before", () => {
    const justInside = new Date(NOW.getTime() + CONSENT_MAX_AGE_MS - 1);
    const expired = new Date(NOW.getTime() + CONSENT_MAX_AGE_MS);
    expect(currentChoice(saved(), "v2", justInside)).not.toBeNull();
    expect(currentChoice(saved(), "v2", expired)).toBeNull();
  });

  it.each([
    ["nothing stored", null],
    ["not JSON", "{"],
    ["not an object", "true"],
    ["essential off", saved({ essential: false })],
    ["a flag not boolean", saved({ analytics: "yes" })],
    ["no id", saved({ id: undefined })],
    ["a bad date", saved({ date: "yesterday" })],
    ["a date in the future", saved({ date: new Date(NOW.getTime() + 60_000).toISOString() })],
  ])("asks again for %s", (_case, stored) => {
    expect(currentChoice(stored, "v2", NOW)).toBeNull();
  });
});
