import path from "node:path";
import type { NextConfig } from "next";

// The app imports ../shared_content, so both the bundler and output file
// tracing must treat the repository root, not web/, as the project root.
const repoRoot = path.join(__dirname, "..");

const nextConfig: NextConfig = {
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  poweredByHeader: false,
};

export default nextConfig;
