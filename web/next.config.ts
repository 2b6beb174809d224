import path from "node:path";
import type { NextConfig } from "next";

import { getSite } from "./lib/content";
import { securityHeaders, strictTransportSecurity } from "./lib/security-headers";

// The app imports ../shared_content, so both the bundler and output file
// tracing must treat the repository root, not web/, as the project root.
const repoRoot = path.join(__dirname, "..");

const site = getSite();

const nextConfig: NextConfig = {
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  // The container image runs .next/standalone/web/server.js with only the files it traces.
  output: "standalone",
  poweredByHeader: false,
  // Lets several builds run side by side in one checkout (e.g. NEXT_DIST_DIR=.next-preview).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Images are SVG or pre-sized files served as they are; the runtime optimizer stays off
  // (an aborted first optimisation can hang that image URL: vercel/next.js#98402).
  images: { unoptimized: true },
  experimental: {
    // The public pages and the staff inbox each have a root layout of their own, so a URL no route
    // matches is answered by app/global-not-found.tsx.
    globalNotFound: true,
    // The stylesheet rides in the head of the HTML instead of costing a phone a round trip of its
    // own before the first paint (about 0.7x the bare framework page's, against 1.36x as a file).
    // React's payload carries it a second time; client navigations fetch the file.
    inlineCss: true,
  },
  async headers() {
    return [
      {
        // Every answer but the staff inbox's pages, whose policy carries a per-request nonce (proxy.ts).
        source: "/((?!inbox(?:/|$)).*)",
        headers: securityHeaders({
          schedulingUrl: site.scheduling.url,
          tags: Boolean(site.tags.analyticsId || site.tags.tagManagerId),
          leadApiUrl: process.env.NEXT_PUBLIC_LEAD_API_URL?.trim() || undefined,
          turnstile: Boolean(process.env.NEXT_PUBLIC_TURNSTILE_SITE_KEY?.trim()),
        }),
      },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [strictTransportSecurity],
      },
      {
        // Images keep their names when they change: a week fresh, then revalidated in the background.
        source: "/:folder(images|icons|tech-icons|flags)/:path*",
        headers: [{ key: "Cache-Control", value: "public, max-age=604800, stale-while-revalidate=2592000" }],
      },
    ];
  },
};

export default nextConfig;
