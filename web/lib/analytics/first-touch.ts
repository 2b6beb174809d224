/**
 * First-touch attribution: where a visit began (the link's UTM parameters, the referring site, the
 * first page seen), kept in sessionStorage only while the visitor allows analytics, and sent with a
 * lead (lib/forms/lead-request.ts). Until the choice allows it, the landing address is held in
 * this module's memory and nowhere else.
 */

export const FIRST_TOUCH_KEY = "firstTouch";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The attribution of a visit that began at `landing`, referred by `referrer` ("" when none). */
export function firstTouch(landing: string, referrer: string): Record<string, string> {
  const url = new URL(landing);
  const found: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) {
      found[key] = value;
    }
  }
  const from = hostOf(referrer);
  // A page of this site before this one is no referrer: the visit began here.
  if (from && from !== url.host) {
    found.referrer_host = from;
  }
  found.landing_path = url.pathname;
  return found;
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return ""; // no referrer, or none a browser would send
  }
}

// Read when the first page's scripts run, which is where the visit began.
const landing = typeof window === "undefined" ? null : { href: window.location.href, referrer: document.referrer };

/** Keeps the visit's first touch, unless this tab already holds one. */
export function keepFirstTouch(): void {
  try {
    if (landing && !window.sessionStorage.getItem(FIRST_TOUCH_KEY)) {
      window.sessionStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(firstTouch(landing.href, landing.referrer)));
    }
  } catch {
    // Storage blocked: the lead goes without it.
  }
}

export function forgetFirstTouch(): void {
  try {
    window.sessionStorage.removeItem(FIRST_TOUCH_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** What this tab keeps, unread: the lead form checks each value before sending it. */
export function storedFirstTouch(): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(FIRST_TOUCH_KEY) ?? "null");
  } catch {
    return null;
  }
}
