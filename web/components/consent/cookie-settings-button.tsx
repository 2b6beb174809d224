"use client";

import { openCookieSettings } from "@/lib/consent/open-settings";

/** Reopens the cookie preferences dialog (the footer's Cookie settings, the cookie policy page). */
export function CookieSettingsButton({ label, className }: { label: string; className: string }) {
  return (
    <button type="button" onClick={openCookieSettings} className={className}>
      {label}
    </button>
  );
}
