import { type NextRequest, NextResponse } from "next/server";

import { inboxResponse } from "./lib/inbox/headers";
import { servedOn, sideOf } from "./lib/inbox/origin";
import { inboxPaths, isInboxPath } from "./lib/inbox/paths";
import { isPrerendered, notFoundHtml } from "./lib/not-found/prerendered";
import { type DetailSection, isDetailSection } from "./lib/not-found/screens";
import { BLOG_FEED_PATH, parseId } from "./lib/routes";

// With an inbox origin of its own (lib/inbox/origin.ts), each origin answers only its own paths:
// elsewhere 404, but for the inbox origin's root, which leads to the inbox.
// A page load of an unknown detail id gets its section's not-found screen as complete HTML
// with status 404. A navigation inside the app (an RSC request) goes on to the route, which
// answers 404 for an id it did not prerender; the router then loads that URL in full, here.
// The staff inbox's pages get their per-request headers (lib/inbox/headers.ts).
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const side = sideOf(request.headers);
  if (!servedOn(side, pathname)) {
    if (side === "inbox" && pathname === "/") {
      return NextResponse.redirect(new URL(inboxPaths.leads, request.nextUrl));
    }
    return new NextResponse("Not Found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  if (isInboxPath(pathname)) return inboxResponse(request);
  const section = await missingSection(request);
  if (!section) return NextResponse.next();
  return new NextResponse(new Uint8Array(await notFoundHtml(section)), {
    status: 404,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      // The same URL answers an RSC request differently: caches must keep the two apart.
      vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch",
    },
  });
}

/** The section whose not-found screen answers this request, if it is a page load that misses. */
async function missingSection(request: NextRequest): Promise<DetailSection | undefined> {
  const pageLoad = (request.method === "GET" || request.method === "HEAD") && !request.headers.has("rsc");
  if (!pageLoad) return undefined;
  const [, first = "", second = ""] = request.nextUrl.pathname.split("/");
  // app/missing/<section> is where the screens are built, never a page to visit.
  if (first === "missing") return isDetailSection(second) ? second : undefined;
  // A section's own list page is no detail: only /<section>/<id> can miss. Nor is the blog's feed.
  if (!isDetailSection(first) || second === "" || request.nextUrl.pathname === BLOG_FEED_PATH) return undefined;
  const id = parseId(second);
  return id !== undefined && (await isPrerendered(first, id)) ? undefined : first;
}

// Literal paths, as Next.js reads the matcher at build time: the detail sections of
// lib/not-found/screens.ts and the screens' own route, whatever their ids look like; then every
// page, as either origin may refuse it: all but the build's files, any file with an extension
// (images, icons, the manifest), which either origin's pages may use, and /api/, whose forwarder
// decides for itself (lib/lead-forwarding.ts) without the cost of a proxy call per request.
export const config = {
  matcher: [
    "/ai-solutions/:id",
    "/edutech/:id",
    "/services/:id",
    "/case-studies/:id",
    "/blog/:id",
    "/missing/:section",
    "/((?!_next/|api/)(?!.*\\.[^/]*$).*)",
  ],
};
