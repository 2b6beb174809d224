import localFont from "next/font/local";

// Self-hosted Inter, cut by scripts/subset-font.mjs (before every build) to the characters the site
// shows and to weights 400-700: no font request leaves the site, and the preload is some 20 kB.
// "optional": when it is not there for the first paint, that page keeps the metric-matched fallback
// rather than swapping fonts under the reader (a swap rewraps the hero and moves everything below it).
export const inter = localFont({
  src: "../fonts/inter.woff2",
  weight: "400 700",
  display: "optional",
  variable: "--font-inter",
});
