import type { Metadata } from "next";

import { SiteChrome } from "@/components/layout/site-chrome";
import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { siteNotFound } from "@/lib/not-found/screens";

import "./globals.css";

export const metadata: Metadata = { title: "Page Not Found" };

// An unknown URL renders in the root layout alone, so it brings the public pages' chrome itself.
export default function NotFound() {
  return (
    <SiteChrome>
      <NotFoundMessage {...siteNotFound} />
    </SiteChrome>
  );
}
