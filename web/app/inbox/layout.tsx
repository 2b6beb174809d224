import type { Metadata } from "next";
import type { ReactNode } from "react";

import "./inbox.css";

export const metadata: Metadata = {
  title: { default: "Lead inbox", template: "%s - Lead inbox" },
  robots: { index: false, follow: false },
};

// Staff data, per person and per moment: every page is rendered for its request, never stored.
export const dynamic = "force-dynamic";

// The inbox's root layout: nothing of the public pages' chrome, scripts or styles.
export default function InboxLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
