import type { ReactNode } from "react";

import { trackOnClick } from "@/lib/analytics/events";
import { leadApiUrl } from "@/lib/env";

import { buttonClass, type ButtonVariant } from "./button-link";

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
    </svg>
  );
}

/** The company-profile PDF as a plain file download; `source` names the button for analytics. */
export function ProfileDownloadLink({
  children,
  source,
  variant = "primary",
}: {
  children: ReactNode;
  source: "landing_page_popup" | "company_page_stats" | "company_page_cta";
  variant?: ButtonVariant;
}) {
  return (
    <a
      href={leadApiUrl("/api/download/profile")}
      download
      className={buttonClass(variant)}
      {...trackOnClick("download_profile_click", { source })}
    >
      <DownloadIcon />
      {children}
    </a>
  );
}
