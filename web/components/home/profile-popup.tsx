"use client";

import { useEffect, useState, type ReactNode } from "react";

import { useBannerHeight } from "@/lib/consent/banner-height";
import type { ProfilePopup as ProfilePopupContent } from "@/lib/content";

/** The popup shows 20 s after the landing page loads and hides itself 15 s later. */
export const POPUP_SHOW_AFTER_MS = 20_000;
export const POPUP_HIDE_AFTER_MS = 15_000;

/**
 * Counted from the page load (performance.now() starts with the document), not from hydration; on
 * a later client-side visit to the page, from its opening.
 */
function showDelay(): number {
  const sinceLoad = performance.now();
  return sinceLoad < POPUP_SHOW_AFTER_MS ? POPUP_SHOW_AFTER_MS - sinceLoad : POPUP_SHOW_AFTER_MS;
}

/**
 * The landing page's profile-download popup. It sits above the cookie banner, if one shows, and
 * beside the chat button, so it covers neither.
 */
export function ProfilePopup({ popup, children }: { popup: ProfilePopupContent; children: ReactNode }) {
  const [stage, setStage] = useState<"waiting" | "shown" | "done">("waiting");
  const bannerHeight = useBannerHeight();

  useEffect(() => {
    if (stage === "done") {
      return;
    }
    const timer = setTimeout(
      () => setStage(stage === "waiting" ? "shown" : "done"),
      stage === "waiting" ? showDelay() : POPUP_HIDE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [stage]);

  if (stage !== "shown") {
    return null;
  }
  return (
    <aside
      aria-labelledby="profile-popup-heading"
      data-profile-popup
      style={{ bottom: `calc(${bannerHeight}px + 1rem)` }}
      className="fixed left-4 right-24 z-30 animate-slide-up rounded-2xl bg-white p-5 pr-12 text-ink shadow-2xl ring-1 shadow-navy/25 ring-navy/10 motion-reduce:animate-none sm:right-auto sm:w-[22rem]"
    >
      <button
        type="button"
        aria-label="Close"
        onClick={() => setStage("done")}
        className="absolute top-3 right-3 rounded-full p-1.5 text-muted hover:bg-surface hover:text-navy"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
      <h2 id="profile-popup-heading" className="text-base font-bold text-navy">
        {popup.heading}
      </h2>
      <p className="mt-1.5 mb-4 text-sm leading-relaxed">{popup.text}</p>
      {children}
    </aside>
  );
}
