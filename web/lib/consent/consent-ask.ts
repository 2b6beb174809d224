import { randomUuid } from "../random-uuid";
import { CONSENT_ANSWER_ATTRIBUTE, CONSENT_ASK_ATTRIBUTE, type EarlyConsent } from "./banner-attributes";
import { CONSENT_KEY, CONSENT_MAX_AGE_MS, makeChoice, standingChoice } from "./choice";

/**
 * Part of the early script: until the consent manager adopts them, the banner's buttons answer
 * here. Accept All and Reject All save the choice at once and hide the banner, as the manager
 * would; Manage is kept for the manager to open its dialog. The manager then sends the proof.
 * It names nothing outside itself: what it needs comes in as arguments.
 */
function answerEarly(
  key: string,
  version: string,
  askAttribute: string,
  answerAttribute: string,
  choose: typeof makeChoice,
  newId: typeof randomUuid,
): void {
  const early: EarlyConsent = { adopted: false };
  window.earlyConsent = early;
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(`[${answerAttribute}]`) : null;
      const answer = button?.getAttribute(answerAttribute);
      if (!answer || early.adopted) {
        return;
      }
      if (answer === "manage") {
        early.manage = true;
        return;
      }
      const accepted = answer === "accept";
      const choice = choose({ analytics: accepted, marketing: accepted }, version, new Date(), newId());
      try {
        localStorage.setItem(key, JSON.stringify(choice));
      } catch {
        // Not stored: the choice holds for this page, as the manager's own does.
      }
      early.choice = choice;
      document.documentElement.removeAttribute(askAttribute);
    },
    true,
  );
}

/** Part of the early script: the banner's answers before hydration (answerEarly). */
export function answerEarlyScript(version: string): string {
  const args = [CONSENT_KEY, version, CONSENT_ASK_ATTRIBUTE, CONSENT_ANSWER_ATTRIBUTE].map((value) => JSON.stringify(value));
  return `(${answerEarly.toString()})(${args.join(",")},${makeChoice.toString()},${randomUuid.toString()});`;
}

/**
 * Marks the document when the banner must ask, run as the HTML is parsed right after the banner's
 * own markup (consent-ask-mark.tsx), so that the banner shows whole, never half parsed. Storage
 * that cannot be read counts as no choice, as it does after hydration.
 */
export function consentAskScript(version: string): string {
  const stands = `(${standingChoice.toString()})(localStorage.getItem(${JSON.stringify(CONSENT_KEY)}),${JSON.stringify(version)},Date.now(),${CONSENT_MAX_AGE_MS})`;
  return `try{if(!${stands})throw 0}catch(e){document.documentElement.setAttribute(${JSON.stringify(CONSENT_ASK_ATTRIBUTE)},"")}`;
}
