"use client";

import { useEffect, useRef } from "react";

import { publishBannerHeight } from "@/lib/consent/banner-height";
import { CONSENT_ANSWER_ATTRIBUTE, type ConsentAnswer } from "@/lib/consent/banner-attributes";
import type { ConsentTexts } from "@/lib/content";

import { PageLink } from "../ui/page-link";

/** All three answers look alike: none is pre-selected or made the easy one. */
export const choiceButtonClass =
  "inline-flex items-center justify-center rounded-full border border-navy/20 bg-white px-5 py-2.5 text-sm font-semibold text-navy hover:border-navy hover:bg-surface";

/** Marks a button with its answer: the early script gives it before hydration (consent-ask.ts). */
const answer = (value: ConsentAnswer) => ({ [CONSENT_ANSWER_ATTRIBUTE]: value });

/**
 * The first-visit banner at the foot of the window, below the chat button (site-chrome.tsx). In the
 * server HTML, hidden unless the document is marked to ask (globals.css, consent-ask.ts). While it
 * shows, its height is published (banner-height.ts): it pads the page's end, so no button stays
 * under it, and lifts the profile popup above it.
 */
export function ConsentBanner({
  texts,
  policyHref,
  onAcceptAll,
  onRejectAll,
  onManage,
}: {
  texts: ConsentTexts["banner"];
  policyHref: string;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onManage: () => void;
}) {
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = banner.current;
    if (!element) {
      return;
    }
    const observer = new ResizeObserver(() => publishBannerHeight(element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      publishBannerHeight(0);
    };
  }, []);

  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-heading"
      data-cookie-banner
      className="pointer-events-auto w-full border-t border-navy/10 bg-white text-ink shadow-[0_-8px_30px_rgb(20_33_61/0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-8 lg:px-8">
        <div className="flex-1">
          <h2 id="cookie-banner-heading" className="text-base font-bold text-navy">
            {texts.heading}
          </h2>
          <p className="mt-1 text-sm leading-relaxed">
            {texts.text}{" "}
            <PageLink href={policyHref} className="font-semibold text-navy underline">
              {texts.policyLink}
            </PageLink>
          </p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:flex lg:shrink-0">
          <button type="button" onClick={onAcceptAll} {...answer("accept")} className={choiceButtonClass}>
            {texts.acceptAll}
          </button>
          <button type="button" onClick={onRejectAll} {...answer("reject")} className={choiceButtonClass}>
            {texts.rejectAll}
          </button>
          <button type="button" onClick={onManage} {...answer("manage")} className={choiceButtonClass}>
            {texts.manage}
          </button>
        </div>
      </div>
    </section>
  );
}
