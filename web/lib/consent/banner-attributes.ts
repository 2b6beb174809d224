import type { ConsentChoice } from "./choice";

// What the early script (consent-ask.ts) and the consent components share, in a module of its own so
// that the script's code stays in the server's HTML and out of the browser's bundle.

/** Set on <html> while the visitor has no standing choice: it shows the server-rendered banner. */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";
/** On each of the banner's buttons: the answer it gives, for the early script to act on. */
export const CONSENT_ANSWER_ATTRIBUTE = "data-consent-answer";
export type ConsentAnswer = "accept" | "reject" | "manage";

/** A banner press the early script answered before the consent manager hydrated, for it to adopt. */
export type EarlyConsent = { adopted: boolean; choice?: ConsentChoice; manage?: boolean };

declare global {
  interface Window {
    earlyConsent?: EarlyConsent;
  }
}
