import { describe, expect, it } from "vitest";

import { CONSENT_KEY, makeChoice } from "./choice";
import { CONSENT_ANSWER_ATTRIBUTE, CONSENT_ASK_ATTRIBUTE, type EarlyConsent } from "./banner-attributes";
import { answerEarlyScript, consentAskScript } from "./consent-ask";

/** Runs the ask mark as the browser would, against this storage; answers whether it asks. */
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

/** A press on a banner button before hydration, as the early script takes it. */
function pressEarly(answer: string) {
  const stored = new Map<string, string>();
  const removed: string[] = [];
  let listener: (event: { target: unknown }) => void = () => undefined;
  class Element {
    closest() {
      return { getAttribute: (name: string) => (name === CONSENT_ANSWER_ATTRIBUTE ? answer : null) };
    }
  }
  const window: { earlyConsent?: EarlyConsent } = {};
  const document = {
    documentElement: { removeAttribute: (name: string) => removed.push(name) },
    addEventListener: (_type: string, handler: typeof listener) => (listener = handler),
  };
  const localStorage = { getItem: () => null, setItem: (key: string, value: string) => stored.set(key, value) };
  new Function("localStorage", "document", "window", "Element", answerEarlyScript("v2"))(
    localStorage,
    document,
    window,
    Element,
  );
  listener({ target: new Element() });
  return { stored: stored.get(CONSENT_KEY), removed, early: window.earlyConsent };
}

describe("a banner press before hydration", () => {
  it.each([
    ["accept", true],
    ["reject", false],
  ])("%s stores the choice at once and hides the banner", (answer, consented) => {
    const { stored, removed, early } = pressEarly(answer);

    const choice = JSON.parse(stored ?? "null");
    expect(choice).toMatchObject({ essential: true, analytics: consented, marketing: consented, version: "v2" });
    expect(choice.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(removed).toEqual([CONSENT_ASK_ATTRIBUTE]);
    expect(early?.choice).toEqual(choice);
  });

  it("keeps Manage for the manager to open its dialog", () => {
    const { stored, removed, early } = pressEarly("manage");

    expect([stored, removed, early?.manage]).toEqual([undefined, [], true]);
  });
});
