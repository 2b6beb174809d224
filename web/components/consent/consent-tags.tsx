"use client";

import Script from "next/script";
import { useEffect } from "react";

import type { TagIds } from "@/lib/content";
import { gtag } from "@/lib/consent/consent-mode";

/** GA4 keeps its cookies 13 months, as the cookie policy says, not its default two years. */
const ANALYTICS_COOKIE_SECONDS = 395 * 24 * 60 * 60;

/**
 * The tags, each injected only once its consent is given: Google Analytics with analytics consent,
 * the tag manager with marketing consent. Never in the server HTML. A withdrawn consent cannot
 * unload a script, so it also switches Google Analytics off (`ga-disable-<id>`) until given again.
 */
export function ConsentTags({ analytics, marketing, tags }: { analytics: boolean; marketing: boolean; tags: TagIds }) {
  const { analyticsId, tagManagerId } = tags;

  useEffect(() => {
    if (!analyticsId) {
      return;
    }
    (window as unknown as Record<string, boolean>)[`ga-disable-${analyticsId}`] = !analytics;
    if (analytics) {
      gtag("js", new Date());
      gtag("config", analyticsId, { cookie_expires: ANALYTICS_COOKIE_SECONDS });
    }
  }, [analytics, analyticsId]);

  useEffect(() => {
    if (marketing && tagManagerId) {
      window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
    }
  }, [marketing, tagManagerId]);

  return (
    <>
      {analytics && analyticsId && <Script id="google-analytics" src={`https://www.googletagmanager.com/gtag/js?id=${analyticsId}`} />}
      {marketing && tagManagerId && <Script id="google-tag-manager" src={`https://www.googletagmanager.com/gtm.js?id=${tagManagerId}`} />}
    </>
  );
}
