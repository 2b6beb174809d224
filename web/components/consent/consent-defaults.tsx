import Script from "next/script";

import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/consent/consent-mode";

/** Consent Mode v2 defaults (all denied) in the dataLayer before any tag or event can run. */
export function ConsentDefaults() {
  return (
    <Script id="consent-defaults" strategy="beforeInteractive">
      {CONSENT_DEFAULTS_SCRIPT}
    </Script>
  );
}
