import type { Metadata } from "next";
import type { ReactNode } from "react";

import "./inbox.css";

export const metadata: Metadata = {
  title: { default: "Lead inbox", template: "%s - Lead inbox" },
  robots: { index: false, follow: false },
};

// Staff data, per person and per moment: every page is rendered for its request, never stored.
export const dynamic = "force-dynamic";

export default function InboxLayout({ children }: { children: ReactNode }) {
  return children;
}
