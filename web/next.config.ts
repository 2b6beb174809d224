import path from "node:path";
import type { NextConfig } from "next";

// The app imports ../shared_content, so both the bundler and output file
// tracing must treat the repository root, not web/, as the project root.
const repoRoot = path.join(__dirname, "..");

const nextConfig: NextConfig = {
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  poweredByHeader: false,
  // Lets several builds run side by side in one checkout (e.g. NEXT_DIST_DIR=.next-preview).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Images are SVG or pre-sized files served as they are; the runtime optimizer stays off
  // (an aborted first optimisation can hang that image URL: vercel/next.js#98402).
  images: { unoptimized: true },
};

export default nextConfig;
