import type { OptionalConsent } from "./choice";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** The early script (components/consent/consent-defaults.tsx) runs this before anything else can. */
export const CONSENT_DEFAULTS_SCRIPT = [
  "window.dataLayer=window.dataLayer||[];",
  // gtag queues its arguments object as it is: the tags tell commands from events by that shape.
  "window.gtag=function(){window.dataLayer.push(arguments)};",
  "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',",
  "analytics_storage:'denied',wait_for_update:500});",
].join("");

const state = (granted: boolean) => (granted ? "granted" : "denied");

/** Google Consent Mode v2: analytics consent grants analytics storage, marketing the three ad signals. */
export function consentSignals({ analytics, marketing }: OptionalConsent) {
  return {
    ad_storage: state(marketing),
    ad_user_data: state(marketing),
    ad_personalization: state(marketing),
    analytics_storage: state(analytics),
  };
}

export function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}
