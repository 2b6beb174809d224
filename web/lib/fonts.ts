import localFont from "next/font/local";

// Self-hosted from the @fontsource-variable/inter package: no font request leaves the site.
// The latin subset covers Latin-1, which is all the content uses. Preloaded, and "optional": when
// it is not there for the first paint, that page keeps the metric-matched fallback rather than
// swapping fonts under the reader (a swap rewraps the hero and moves everything below it).
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "optional",
  variable: "--font-inter",
});
