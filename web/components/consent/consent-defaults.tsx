import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/consent/consent-mode";

/**
 * Consent Mode v2 defaults (all denied) in the dataLayer before any tag or event can run: a plain
 * inline script in the document head, run as the HTML is parsed, with no script loader shipped.
 */
export function ConsentDefaults() {
  return <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT }} />;
}
