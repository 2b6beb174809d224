import type { ReactNode } from "react";

import { SiteChrome } from "@/components/layout/site-chrome";

import "../globals.css";

// The public pages; the staff inbox (app/inbox) has its own layout and stylesheet.
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
