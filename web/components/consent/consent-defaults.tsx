import { consentAskScript } from "@/lib/consent/consent-ask";
import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/consent/consent-mode";

/**
 * One plain inline script in the document head, run as the HTML is parsed, with no script loader
 * shipped: Consent Mode v2 defaults (all denied) in the dataLayer before any tag or event can run,
 * then whether the cookie banner must ask.
 */
export function ConsentDefaults({ version }: { version: string }) {
  return (
    <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT + consentAskScript(version) }} />
  );
}
