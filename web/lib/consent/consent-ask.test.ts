import { describe, expect, it } from "vitest";

import { CONSENT_KEY, makeChoice } from "./choice";
import { CONSENT_ASK_ATTRIBUTE, consentAskScript } from "./consent-ask";

/** Runs the head script as the browser would, against this storage; answers whether it asks. */
function asks(stored: string | null | Error): boolean {
  const attributes = new Set<string>();
  const localStorage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === CONSENT_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } };
  new Function("localStorage", "document", consentAskScript("v2"))(localStorage, document);
  return attributes.has(CONSENT_ASK_ATTRIBUTE);
}

const saved = (version: string, date: Date) =>
  JSON.stringify(makeChoice({ analytics: false, marketing: true }, version, date, "id-1"));

describe("consentAskScript", () => {
  it("leaves a visitor with a standing choice alone", () => {
    expect(asks(saved("v2", new Date()))).toBe(false);
  });

  it.each([
    ["nothing stored", null],
    ["an older policy version", saved("v1", new Date())],
    ["a choice over 12 months old", saved("v2", new Date(Date.now() - 366 * 24 * 60 * 60 * 1000))],
    ["an unreadable entry", "{"],
    ["storage that cannot be read", new Error("SecurityError")],
  ])("asks for %s", (_case, stored) => {
    expect(asks(stored)).toBe(true);
  });
});
