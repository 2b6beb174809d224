import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { getSite } from "@/lib/content";

const site = getSite();

export const metadata: Metadata = {
  // Canonical and Open Graph URLs resolve against the public origin, not the container's host.
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s - ${site.name}` },
  description: site.description,
  applicationName: site.name,
};

export const viewport: Viewport = { themeColor: "#14213d" };

// The document alone: the public pages' chrome is app/(site)/layout.tsx, the staff inbox's is
// app/inbox/layout.tsx, so neither's code or styles reach the other's pages.
// Next.js only accepts a default export (plus route config) from layout files.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
