import { NextResponse, type NextRequest } from "next/server";

import { leadServiceUrl } from "@/lib/env";

// Forward /api/* to the lead service. This is proxy.ts rather than
// `rewrites()` in next.config.ts because rewrites are serialised into
// .next/routes-manifest.json by `next build`, so a LEAD_SERVICE_URL set at
// `next start` would be ignored; proxy code reads the env on each request.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  return NextResponse.rewrite(new URL(pathname + search, leadServiceUrl()));
}

export const config = {
  matcher: "/api/:path*",
};
