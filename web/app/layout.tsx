import type { Metadata } from "next";
import type { ReactNode } from "react";

import { getSite } from "@/lib/content";

import "./globals.css";

const site = getSite();

export const metadata: Metadata = {
  // Relative canonical/Open Graph URLs must resolve against the public origin,
  // not whatever host the container happens to listen on.
  metadataBase: new URL(site.url),
  title: {
    default: site.name,
    template: `%s - ${site.name}`,
  },
  description: site.description,
};

// Next.js only accepts a default export (plus route config) from layout files.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
