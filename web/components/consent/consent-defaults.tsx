import { consentAskScript } from "@/lib/consent/consent-ask";
import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/consent/consent-mode";
import { EARLY_PRESS_SCRIPT } from "@/lib/early-press-script";

/**
 * One plain inline script in the document head, run as the HTML is parsed, with no script loader
 * shipped: Consent Mode v2 defaults (all denied) in the dataLayer before any tag or event can run,
 * whether the cookie banner must ask, and what answers the banner and keeps the other early
 * presses until the page's own code hydrates.
 */
export function ConsentDefaults({ version }: { version: string }) {
  return (
    <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT + consentAskScript(version) + EARLY_PRESS_SCRIPT }} />
  );
}
