"use client";

import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from "react";

import { forgetFirstTouch, keepFirstTouch } from "@/lib/analytics/first-touch";
import type { ConsentTexts, TagIds } from "@/lib/content";
import { CONSENT_KEY, currentChoice, makeChoice, type ConsentChoice, type OptionalConsent } from "@/lib/consent/choice";
import { CONSENT_ASK_ATTRIBUTE } from "@/lib/consent/banner-attributes";
import { consentSignals, gtag } from "@/lib/consent/consent-mode";
import { OPEN_COOKIE_SETTINGS } from "@/lib/consent/open-settings";
import { removeTagCookies } from "@/lib/consent/tag-cookies";
import { randomUuid } from "@/lib/random-uuid";

import { ConsentBanner } from "./consent-banner";

// Loaded only when needed: the dialog when opened, the tags once something is consented to.
const ConsentPreferences = lazy(() =>
  import("./consent-preferences").then((module) => ({ default: module.ConsentPreferences })),
);
const ConsentTags = lazy(() => import("./consent-tags").then((module) => ({ default: module.ConsentTags })));

function useStickyTrue(value: boolean): boolean {
  const [stuck, setStuck] = useState(value);
  if (value && !stuck) {
    setStuck(true);
  }
  return stuck || value;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_KEY);
  } catch {
    return null; // storage blocked: the visitor is asked on every page, and nothing tracks
  }
}

/** A stored choice takes effect: the tags it refuses lose their cookies, and its proof is sent to
 * the lead service. Fire and forget: a lost post never holds up the choice. */
function apply(saved: ConsentChoice, proofUrl: string) {
  for (const kind of ["analytics", "marketing"] as const) {
    if (!saved[kind]) {
      removeTagCookies(kind);
    }
  }
  const { id, essential, analytics, marketing, version } = saved;
  fetch(proofUrl, {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ consent_id: id, essential, analytics, marketing, version }),
  }).catch(() => undefined);
}

/**
 * Cookie consent (docs/consent.md): the banner is in the server HTML, shown before the first
 * paint only when the early script finds no standing choice (consent-ask.ts); after hydration the
 * saved choice is read again and rules. It asks when there is none or it is out of date,
 * saves each choice with its version, date and id, tells Consent Mode, loads the consented tags,
 * keeps the visit's first touch with analytics, and on a withdrawal removes the tags' cookies and
 * the first touch.
 */
export function ConsentManager({
  texts,
  tags,
  proofUrl,
  policyHref,
}: {
  texts: ConsentTexts;
  tags: TagIds;
  proofUrl: string;
  policyHref: string;
}) {
  // undefined: not read yet; null: no current choice, so the banner asks.
  const [choice, setChoice] = useState<ConsentChoice | null | undefined>(undefined);
  const [dialog, setDialog] = useState<"closed" | "open">("closed");
  // A new key remounts the dialog, so each opening starts from the saved flags.
  const [dialogKey, setDialogKey] = useState(0);

  const openDialog = useCallback(() => {
    setDialogKey((key) => key + 1);
    setDialog("open");
  }, []);

  useEffect(() => {
    // A banner press the early script answered before this hydrated is adopted: its choice, already
    // stored, applies and gets its proof; a press on Manage opens the dialog now.
    const early = window.earlyConsent;
    if (early) {
      early.adopted = true;
    }
    const answered = early?.choice;
    if (answered) {
      delete early.choice;
      apply(answered, proofUrl);
    }
    // Else the stored choice. The server has no storage, so neither the HTML nor the hydration,
    // which must match it, can show it: it is read here, once hydrated, at the cost of a render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a read of the browser's storage
    setChoice(answered ?? currentChoice(readStored(), texts.version, new Date()));
    if (early?.manage) {
      delete early.manage;
      openDialog();
    }
  }, [texts.version, proofUrl, openDialog]);

  // Once mounted the tags stay: a withdrawal must reach them to switch them off.
  const tagsMounted = useStickyTrue(Boolean(choice?.analytics || choice?.marketing));

  useEffect(() => {
    if (choice !== undefined) {
      document.documentElement.toggleAttribute(CONSENT_ASK_ATTRIBUTE, choice === null);
    }
    if (choice) {
      gtag("consent", "update", consentSignals(choice));
    }
    // Where the visit began is kept only while analytics is allowed.
    if (choice?.analytics) {
      keepFirstTouch();
    } else if (choice !== undefined) {
      forgetFirstTouch();
    }
  }, [choice]);

  useEffect(() => {
    window.addEventListener(OPEN_COOKIE_SETTINGS, openDialog);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS, openDialog);
  }, [openDialog]);

  function save(flags: OptionalConsent) {
    // One id per browser: each later save of the same visitor is a new proof row under the same id.
    const saved = makeChoice(flags, texts.version, new Date(), choice?.id ?? randomUuid());
    try {
      window.localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
    } catch {
      // Not stored: the choice still holds for this page.
    }
    // The press is answered at the next paint: the banner, shown by the root's mark (globals.css),
    // goes at once, and the dialog closes. A first answer's own work (the tags, Consent Mode, the
    // first touch) renders after that paint: it withdraws nothing. A change to a standing choice
    // takes effect with the press, so a withdrawal switches the tags off before anything else runs.
    document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE);
    setDialog("closed");
    if (choice) setChoice(saved);
    else startTransition(() => setChoice(saved));
    apply(saved, proofUrl);
  }

  return (
    <>
      {!choice && (
        <ConsentBanner
          texts={texts.banner}
          policyHref={policyHref}
          onAcceptAll={() => save({ analytics: true, marketing: true })}
          onRejectAll={() => save({ analytics: false, marketing: false })}
          onManage={openDialog}
        />
      )}
      {dialogKey > 0 && (
        <Suspense>
          <ConsentPreferences
            key={dialogKey}
            texts={texts}
            open={dialog === "open"}
            initial={{ analytics: choice?.analytics ?? false, marketing: choice?.marketing ?? false }}
            onCancel={() => setDialog("closed")}
            onSave={save}
          />
        </Suspense>
      )}
      {tagsMounted && (
        <Suspense>
          <ConsentTags analytics={choice?.analytics ?? false} marketing={choice?.marketing ?? false} tags={tags} />
        </Suspense>
      )}
    </>
  );
}
