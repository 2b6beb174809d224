// The security headers of every answer of the site, for next.config.ts's headers(). They are
// fixed at build time, as the pages and the NEXT_PUBLIC_ settings they depend on are.

type Header = { key: string; value: string };

export type PolicyInputs = {
  /** The scheduling page framed on /request-demo. */
  schedulingUrl: string;
  /** Whether Google Analytics or the tag manager is configured (site.json `tags`). */
  tags: boolean;
  /** NEXT_PUBLIC_LEAD_API_URL: the lead service on another origin, if the forms call one. */
  leadApiUrl?: string;
  /** Whether Cloudflare Turnstile is on (NEXT_PUBLIC_TURNSTILE_SITE_KEY). */
  turnstile: boolean;
};

const TURNSTILE = "https://challenges.cloudflare.com";
// Google's own list for Google Analytics 4 and the tag manager. Tags added inside the tag
// manager's container load from their own hosts: add those here with them.
const GOOGLE_SCRIPTS = ["https://*.googletagmanager.com"];
const GOOGLE_BEACONS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

/**
 * The Content-Security-Policy. The pages are prerendered, so there is no per-request nonce:
 * Next.js's inline scripts (the page's React payload), the early script and the banner's ask mark
 * need 'unsafe-inline' for scripts, and React's style attributes need it for styles. Everything
 * else is held to this origin plus the named third parties, each only when it is configured:
 * the scheduling frame, Google's tags (loaded only after consent), Cloudflare Turnstile, and
 * the lead service on another origin. Nothing may frame the site, no plugin runs, and forms,
 * <base> and the manifest stay on this origin.
 */
export function contentSecurityPolicy({ schedulingUrl, tags, leadApiUrl, turnstile }: PolicyInputs): string {
  const google = tags ? GOOGLE_SCRIPTS : [];
  const beacons = tags ? GOOGLE_BEACONS : [];
  const challenge = turnstile ? [TURNSTILE] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", "'unsafe-inline'", ...google, ...challenge]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...beacons]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(leadApiUrl ? [new URL(leadApiUrl).origin] : []), ...beacons]],
    ["frame-src", [new URL(schedulingUrl).origin, ...challenge]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["object-src", ["'none'"]],
    ["manifest-src", ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The headers every answer carries, the policy above first. */
export function securityHeaders(inputs: PolicyInputs): Header[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(inputs) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
}

/** HSTS, sent only when the TLS terminator in front says the visitor came over HTTPS. */
export const strictTransportSecurity: Header = {
  key: "Strict-Transport-Security",
  value: "max-age=63072000; includeSubDomains",
};
