import { CONSENT_KEY, CONSENT_MAX_AGE_MS, standingChoice } from "./choice";

/** Set on <html> while the visitor has no standing choice: it shows the server-rendered banner. */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";

/**
 * Part of the head script: marks the document before the first paint when the banner must ask,
 * so the banner paints with the page (no late pop-in, nothing moved under the visitor). Storage
 * that cannot be read counts as no choice, as it does after hydration.
 */
export function consentAskScript(version: string): string {
  const stands = `(${standingChoice.toString()})(localStorage.getItem(${JSON.stringify(CONSENT_KEY)}),${JSON.stringify(version)},Date.now(),${CONSENT_MAX_AGE_MS})`;
  return `try{if(!${stands})throw 0}catch(e){document.documentElement.setAttribute(${JSON.stringify(CONSENT_ASK_ATTRIBUTE)},"")}`;
}
