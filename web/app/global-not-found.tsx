import type { Metadata, Viewport } from "next";

import { SiteChrome } from "@/components/layout/site-chrome";
import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { siteMetadata, siteViewport } from "@/lib/metadata";
import { siteNotFound } from "@/lib/not-found/screens";

import "./globals.css";

// With two root layouts (the public pages' and the inbox's) a URL no route matches has no layout
// to render in: this page is the whole document, with the public pages' chrome.
export const metadata: Metadata = { ...siteMetadata, title: `Page Not Found - ${siteMetadata.applicationName}` };

export const viewport: Viewport = siteViewport;

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <SiteChrome>
          <NotFoundMessage {...siteNotFound} />
        </SiteChrome>
      </body>
    </html>
  );
}
