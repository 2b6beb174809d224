// Environment access lives here so every caller gets validated values and the
// build-time vs run-time split is decided in one place.

const DEFAULT_LEAD_SERVICE_URL = "http://127.0.0.1:5000";

function parseOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${name} must use http or https, got ${JSON.stringify(value)}`);
  }
  // Request paths are resolved against this value with `new URL(path, base)`,
  // which drops any base path; reject one rather than ignore it silently.
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new Error(`${name} must be a bare origin such as http://host:port, got ${JSON.stringify(value)}`);
  }
  return url.origin;
}

let cachedLeadService: { raw: string; origin: string } | undefined;

/**
 * Origin of the Flask lead service. Read from `LEAD_SERVICE_URL` on every call
 * (not at import) because operators and tests set it when `next start` runs,
 * after the build; `rewrites()` in next.config.ts would freeze it at build time.
 */
export function leadServiceUrl(): string {
  const raw = process.env.LEAD_SERVICE_URL?.trim() || DEFAULT_LEAD_SERVICE_URL;
  if (cachedLeadService?.raw !== raw) {
    cachedLeadService = { raw, origin: parseOrigin("LEAD_SERVICE_URL", raw) };
  }
  return cachedLeadService.origin;
}

/**
 * Origin of the lead service's inbox part (`INBOX_API_URL`): the staff inbox's API, served by
 * processes of their own so that no sign-in queues before a lead. Unset: `LEAD_SERVICE_URL`'s, one
 * service for both. Read at run time.
 */
export function inboxApiUrl(): string {
  const raw = process.env.INBOX_API_URL?.trim();
  return raw ? parseOrigin("INBOX_API_URL", raw) : leadServiceUrl();
}

/**
 * The host name of the staff inbox's own origin (`INBOX_URL`), where the inbox alone is served and
 * the public site is not; undefined when the inbox shares the site's origin. Read at run time.
 */
export function inboxHostname(): string | undefined {
  const raw = process.env.INBOX_URL?.trim();
  return raw ? new URL(parseOrigin("INBOX_URL", raw)).hostname : undefined;
}

/**
 * URL the browser should call for a lead-service path such as `/api/contact`.
 * `NEXT_PUBLIC_LEAD_API_URL` is inlined at build time (it must be referenced
 * literally for that); when unset, the same-origin path goes through app/api/[...path]/route.ts.
 */
export function leadApiUrl(path: `/${string}`): string {
  const base = process.env.NEXT_PUBLIC_LEAD_API_URL?.trim().replace(/\/+$/, "");
  return base ? `${base}${path}` : path;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Largest request body the site forwards to the lead service: the same `MAX_BODY_BYTES` (and
 * default) as the service, so an oversized body stops at the site. Read at run time.
 */
export function maxBodyBytes(): number {
  const raw = process.env.MAX_BODY_BYTES?.trim();
  if (!raw) {
    return DEFAULT_MAX_BODY_BYTES;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`MAX_BODY_BYTES must be a positive integer, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/**
 * How many proxies in front of the site append the address they saw to X-Forwarded-For, so the
 * lead service can be told the visitor's address: 0 (the site faces visitors) sends none, and the
 * service counts every visitor through the site as the site. Read at run time.
 */
export function trustedProxyHops(): number {
  const raw = process.env.TRUSTED_PROXY_HOPS?.trim();
  if (!raw) {
    return 0;
  }
  if (!/^\d+$/.test(raw)) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a non-negative integer, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/**
 * Cloudflare Turnstile's site key, inlined at build time: with it, every lead form shows the check
 * and sends its token (the lead service's TURNSTILE_SECRET_KEY must be set to match). Unset: off.
 */
export function turnstileSiteKey(): string | undefined {
  return process.env.NEXT_PUBLIC_TURNSTILE_SITE_KEY?.trim() || undefined;
}
