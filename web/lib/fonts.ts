import localFont from "next/font/local";

// Self-hosted from the @fontsource-variable/inter package: no font request leaves the site.
// The latin subset covers Latin-1, which is all the content uses.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  variable: "--font-inter",
});
