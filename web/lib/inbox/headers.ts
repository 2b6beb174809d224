// The inbox pages' headers, set per request in proxy.ts. Everything on these pages is staff data,
// much of it typed by strangers: a nonce-based policy lets only the scripts this answer names run,
// nothing is cached or indexed, and no link tells another site where staff were.

import { type NextRequest, NextResponse } from "next/server";

import { PAGE_HEADER } from "./paths";

/** The Content-Security-Policy of one inbox answer: scripts only with its nonce (and what they load). */
export function inboxContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The stylesheet is inlined in the page's head (next.config.ts), and React writes it without
    // the nonce. A style runs no script, and every text a visitor sent is rendered as text.
    "style-src 'self' 'unsafe-inline'",
    // The enrolment's QR code is an SVG image in a data: URL; an image cannot run script.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

export const INBOX_HEADERS: Record<string, string> = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Renders the inbox page with a fresh nonce: Next.js reads it from the request's policy and puts it
 * on every script it writes. The page asked for travels along, for the sign-in to return to.
 */
export function inboxResponse(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const policy = inboxContentSecurityPolicy(nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", policy);
  forwarded.set(PAGE_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(INBOX_HEADERS)) response.headers.set(name, value);
  return response;
}
