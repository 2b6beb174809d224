import { answerEarlyScript } from "@/lib/consent/consent-ask";
import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/consent/consent-mode";
import { EARLY_PRESS_SCRIPT } from "@/lib/early-press-script";

/**
 * The early script: one plain inline script, run as the HTML is parsed, with no script loader
 * shipped: Consent Mode v2 defaults (all denied) in the dataLayer before any tag or event can run,
 * and what answers the cookie banner and keeps the other early presses until the page's own code
 * hydrates. Whether the banner must ask is decided later, after its markup (consent-ask-mark.tsx).
 *
 * It opens the body rather than sitting in the head. An inline script waits for any stylesheet
 * file above it, and in the head that wait holds the parser out of the body, which is what tells
 * Chromium to stop fetching the page's scripts only a few at a time: measured on a phone's load
 * while the stylesheet was a file, the page hydrated some 270 ms later. (The stylesheet is now
 * inlined, next.config.ts, but a file added later would bring the wait back.) In the body it still
 * runs before the first paint.
 */
export function ConsentDefaults({ version }: { version: string }) {
  return (
    <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT + answerEarlyScript(version) + EARLY_PRESS_SCRIPT }} />
  );
}
