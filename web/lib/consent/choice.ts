/** The spec's localStorage key (section 3): the stored object keeps its three flags. */
export const CONSENT_KEY = "cookieConsent";
/** DECISIONS.md: a choice is asked again after 12 months. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type ConsentFlags = { essential: true; analytics: boolean; marketing: boolean };
/** The two categories a visitor chooses; essential is always on. */
export type OptionalConsent = Omit<ConsentFlags, "essential">;

/** A saved choice: the flags, the policy version shown, when, and a random id the proof row carries. */
export type ConsentChoice = ConsentFlags & { version: string; date: string; id: string };

export function makeChoice(flags: OptionalConsent, version: string, now: Date, id: string): ConsentChoice {
  return { essential: true, analytics: flags.analytics, marketing: flags.marketing, version, date: now.toISOString(), id };
}

function isChoice(value: unknown): value is ConsentChoice {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const choice = value as Record<string, unknown>;
  return (
    choice.essential === true &&
    typeof choice.analytics === "boolean" &&
    typeof choice.marketing === "boolean" &&
    typeof choice.version === "string" &&
    typeof choice.id === "string" &&
    typeof choice.date === "string" &&
    !Number.isNaN(Date.parse(choice.date))
  );
}

/**
 * The stored choice if it still stands: same policy version, younger than 12 months, well formed.
 * Anything else (nothing stored, an old or unreadable entry) means the visitor is asked again.
 */
export function currentChoice(stored: string | null, version: string, now: Date): ConsentChoice | null {
  if (stored === null) {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isChoice(parsed) || parsed.version !== version) {
    return null;
  }
  const age = now.getTime() - Date.parse(parsed.date);
  return age >= 0 && age < CONSENT_MAX_AGE_MS ? parsed : null;
}
