import { isIP } from "node:net";

import { NextResponse, type NextRequest } from "next/server";

import { inbox } from "./content/inbox";
import { inboxApiUrl, leadServiceUrl, maxBodyBytes, trustedProxyHops } from "./env";
import { isInboxSidePath, isTokenApiPath, servedOn, sideOf } from "./inbox/origin";

/** A lead service that has not answered by then is treated as down. */
const UPSTREAM_TIMEOUT_MS = 15_000;

// What the lead API may read of a request besides its body: content negotiation and User-Agent, the
// key that makes a retry safe, the profile download's conditional and range headers, and what CORS
// reads (Origin, a preflight's Access-Control-Request-*). Cookies (but the inbox's own, below),
// credentials and the client's own forwarding headers stay here; links in notifications come from
// the service's SITE_URL, not Host.
const REQUEST_HEADERS = [
  "content-type",
  "accept",
  "accept-language",
  "idempotency-key",
  // `lead-service check-deployment`'s mark on its lead (signed; the service refuses any other value).
  "deployment-check",
  "range",
  "if-range",
  "if-match",
  "if-none-match",
  "if-modified-since",
  "user-agent",
  "origin",
  "access-control-request-method",
  "access-control-request-headers",
];

// The staff inbox's API (/api/inbox/, lib/inbox/origin.ts) is the one part of the service that reads
// cookies, so only requests there carry them (see inboxCookie), with what its guard checks before a
// change (lead_service/inbox/auth/guard.py): the CSRF token and the browser's word on where the request
// came from, besides Origin above. Elsewhere none of these has a reader, so none is sent.
const INBOX_REQUEST_HEADERS = [inbox.csrfHeader, "sec-fetch-site"];
// The inbox's API for the team's other tools (/api/v1/) reads an API token from Authorization, and
// neither cookies nor the CSRF headers: a browser never sends a token of itself.
const TOKEN_REQUEST_HEADERS = ["authorization"];
// The inbox's session, before sign-in its double-submit CSRF token, and the mark of a browser that
// signed in before (which only its own failed sign-ins hold back). The visitor's other cookies
// (consent, analytics) are the site's and stay here, on inbox requests too.
const INBOX_COOKIES = Object.values(inbox.cookies);

// Per-connection headers, those fetch() recomputes for the body it actually returns, and those that
// name the software behind the site.
const DROPPED_RESPONSE_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
  "content-encoding",
  "server",
  "x-powered-by",
  "via",
]);

// Percent-encoded dots, slashes and backslashes, backslashes and dot segments: URL parsers read "%2e%2e"
// as "..", and the service's server decodes "%2f" and "%5c", so each could reach a path outside /api/.
// (Next.js resolves dot segments, "%2e" ones too, before routing: those reach the route as resolved.)
const UNSAFE_PATH = /%2e|%2f|%5c|\\|\/\.{1,2}(\/|$)/i;

// The id that follows a request through the logs (nginx's, this server's and the service's): the
// one a trusted proxy in front passed (nginx makes one per request), if well formed, else a new one.
const REQUEST_ID_HEADER = "x-request-id";
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestId(request: NextRequest): string {
  const passed = request.headers.get(REQUEST_ID_HEADER) ?? "";
  return trustedProxyHops() > 0 && WELL_FORMED_REQUEST_ID.test(passed) ? passed : crypto.randomUUID();
}

/**
 * The visitor's address as the nearest of the trusted proxies saw it: the TRUSTED_PROXY_HOPS-th entry
 * from the right of X-Forwarded-For. None when no proxy is trusted, since Next.js fills the header in
 * from the socket only when the client sent none: a client's own would pass for its address.
 */
function visitorAddress(request: NextRequest): string | undefined {
  const hops = trustedProxyHops();
  const entries = request.headers.get("x-forwarded-for")?.split(",") ?? [];
  const entry = hops > 0 ? entries[entries.length - hops]?.trim() : undefined;
  return entry && isIP(entry) ? entry : undefined;
}

/**
 * The Cookie header the service gets: on an inbox request, the inbox's own cookies as the browser
 * sent them (their name=value pairs unchanged, not parsed and rebuilt); otherwise none.
 */
function inboxCookie(request: NextRequest, inbox: boolean): string | null {
  if (!inbox) {
    return null;
  }
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => INBOX_COOKIES.some((name) => pair.startsWith(`${name}=`)));
  return kept.length > 0 ? kept.join("; ") : null;
}

/** Which of the service's callers a path is for: the inbox's pages, the team's tools, or visitors. */
type Caller = "inbox" | "token" | "visitor";

const CALLER_HEADERS: Record<Caller, string[]> = {
  inbox: [...REQUEST_HEADERS, ...INBOX_REQUEST_HEADERS],
  token: [...REQUEST_HEADERS, ...TOKEN_REQUEST_HEADERS],
  visitor: REQUEST_HEADERS,
};

function requestHeaders(request: NextRequest, caller: Caller, id: string): Headers {
  const inbox = caller === "inbox";
  const headers = new Headers({ [REQUEST_ID_HEADER]: id });
  for (const name of CALLER_HEADERS[caller]) {
    const value = request.headers.get(name);
    if (value !== null) {
      headers.set(name, value);
    }
  }
  const cookie = inboxCookie(request, inbox);
  if (cookie) {
    headers.set("cookie", cookie);
  }
  const address = visitorAddress(request);
  if (address) {
    headers.set("x-forwarded-for", address);
  }
  return headers;
}

function responseHeaders(from: Headers, inbox: boolean): Headers {
  const headers = new Headers();
  from.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (!DROPPED_RESPONSE_HEADERS.has(lower) && lower !== "set-cookie") {
      headers.append(name, value);
    }
  });
  // Only the inbox sets cookies (its session and CSRF token); from any other path a Set-Cookie is
  // not the site's to pass on. Each goes back as a header of its own: joined with commas, as
  // get() would, the browser could not tell them apart (an Expires date has a comma of its own).
  for (const cookie of inbox ? from.getSetCookie() : []) {
    headers.append("set-cookie", cookie);
  }
  return headers;
}

/** The lead service's own error shape, with the request's id, so the browser reads every failure the same way. */
function jsonError(id: string, code: number, message: string, description: string, headers?: Record<string, string>) {
  return NextResponse.json(
    { code, message, description, request_id: id },
    { status: code, headers: { ...headers, [REQUEST_ID_HEADER]: id } },
  );
}

const tooLarge = (id: string) =>
  jsonError(id, 413, "Request Entity Too Large", "The request is larger than the lead service accepts.");

/** The body, or null once it is longer than the limit (read no further than that). */
async function cappedBody(request: NextRequest, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

// As the lead service words its own 404.
const notFound = (id: string) =>
  jsonError(
    id,
    404,
    "Not Found",
    "The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.",
  );

/**
 * Forwards /api/* to the lead service (LEAD_SERVICE_URL, read per request; /api/inbox/ to
 * INBOX_API_URL): a path that could leave /api/, or is not this origin's, is a 404 here, bodies over the limit stop here with 413, a service that is down or too slow
 * becomes a JSON 503 with Retry-After, and the answer (status, body and headers such as ETag,
 * Content-Range and Retry-After) goes back streamed. No header names the service or its address.
 * Cookies, both ways, and the inbox's CSRF headers pass for /api/inbox/ alone, and Authorization (an
 * API token) for /api/v1/ alone, on the inbox's origin. The service's own
 * Cache-Control (no-store on the inbox's answers) goes back as it is. Each request carries its id
 * (X-Request-ID) to the service, and this server's own errors carry it too.
 */
export async function forwardToLeadService(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const id = requestId(request);
  if (!pathname.startsWith("/api/") || UNSAFE_PATH.test(pathname)) {
    return notFound(id);
  }
  // Decided on the path as resolved and checked above, so no encoded path can pass for the inbox's.
  const inboxSide = isInboxSidePath(pathname);
  const caller: Caller = isTokenApiPath(pathname) ? "token" : inboxSide ? "inbox" : "visitor";
  // The inbox's API on its own origin alone, the rest on the site's (lib/inbox/origin.ts).
  if (!servedOn(sideOf(request.headers), pathname)) {
    return notFound(id);
  }
  const limit = maxBodyBytes();
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    return tooLarge(id);
  }
  const body = hasBody ? await cappedBody(request, limit) : undefined;
  if (body === null) {
    return tooLarge(id);
  }
  let upstream: Response;
  // The service has this long to answer; its body then streams for as long as it takes (an
  // inbox download of every lead).
  const answered = new AbortController();
  const deadline = setTimeout(() => answered.abort(), UPSTREAM_TIMEOUT_MS);
  try {
    upstream = await fetch(new URL(pathname + search, inboxSide ? inboxApiUrl() : leadServiceUrl()), {
      method: request.method,
      headers: requestHeaders(request, caller, id),
      body,
      redirect: "manual",
      cache: "no-store",
      signal: answered.signal,
    });
  } catch {
    return jsonError(
      id,
      503,
      "Service Unavailable",
      "We could not reach our lead service just now. Please try again in a minute.",
      { "Retry-After": "30" },
    );
  } finally {
    clearTimeout(deadline);
  }
  return new Response(upstream.body, {
    status: upstream.status,
    headers: responseHeaders(upstream.headers, caller === "inbox"),
  });
}
