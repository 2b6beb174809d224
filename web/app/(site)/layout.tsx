import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { SiteChrome } from "@/components/layout/site-chrome";
import { siteMetadata, siteViewport } from "@/lib/metadata";

import "../globals.css";

export const metadata: Metadata = siteMetadata;

export const viewport: Viewport = siteViewport;

// The public pages' root layout. The staff inbox has its own (app/inbox/layout.tsx), so neither's
// code or styles reach the other's pages; a URL no route matches gets app/global-not-found.tsx.
// Next.js only accepts a default export (plus route config) from layout files.
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteChrome>{children}</SiteChrome>
      </body>
    </html>
  );
}
