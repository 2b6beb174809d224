/** The saved choice's localStorage key (docs/consent.md#the-stored-choice); the object keeps its three flags. */
export const CONSENT_KEY = "cookieConsent";
/** A choice is asked again after 12 months. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type ConsentFlags = { essential: true; analytics: boolean; marketing: boolean };
/** The two categories a visitor chooses; essential is always on. */
export type OptionalConsent = Omit<ConsentFlags, "essential">;

/** A saved choice: the flags, the policy version shown, when, and a random id the proof row carries. */
export type ConsentChoice = ConsentFlags & { version: string; date: string; id: string };

export function makeChoice(flags: OptionalConsent, version: string, now: Date, id: string): ConsentChoice {
  return { essential: true, analytics: flags.analytics, marketing: flags.marketing, version, date: now.toISOString(), id };
}

/**
 * The stored choice if it still stands: same policy version, younger than `maxAgeMs`, well formed.
 * Anything else (nothing stored, an old or unreadable entry) means the visitor is asked again.
 * It names nothing outside itself: the early script (consent-ask.ts) carries its source, so the
 * banner is shown or not before the first paint by this same rule.
 */
export function standingChoice(stored: string | null, version: string, nowMs: number, maxAgeMs: number): ConsentChoice | null {
  let choice: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(stored ?? "null");
    if (typeof parsed !== "object" || parsed === null) {
      return null;
    }
    choice = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const age = nowMs - (typeof choice.date === "string" ? Date.parse(choice.date) : Number.NaN);
  const stands =
    choice.essential === true &&
    typeof choice.analytics === "boolean" &&
    typeof choice.marketing === "boolean" &&
    choice.version === version &&
    typeof choice.id === "string" &&
    age >= 0 &&
    age < maxAgeMs;
  return stands ? (choice as ConsentChoice) : null;
}

export function currentChoice(stored: string | null, version: string, now: Date): ConsentChoice | null {
  return standingChoice(stored, version, now.getTime(), CONSENT_MAX_AGE_MS);
}
