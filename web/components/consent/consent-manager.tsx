"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useEffectEvent, useMemo, useState, useSyncExternalStore } from "react";

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
const ConsentPreferences = dynamic(() => import("./consent-preferences").then((module) => module.ConsentPreferences), {
  ssr: false,
});
const ConsentTags = dynamic(() => import("./consent-tags").then((module) => module.ConsentTags), { ssr: false });

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

// The stored choice is read once hydrated: the server has no storage, so the HTML and its hydration
// show it "not read yet" (undefined). Nothing but this page writes it meanwhile, and what this page
// saves it also holds in state, so there is nothing to subscribe to.
const noSubscription = () => () => {};
const notReadOnTheServer = () => undefined;

/** The proof for the lead service. Fire and forget: a lost post never holds up the choice. */
function postProof(url: string, choice: ConsentChoice) {
  const { id, essential, analytics, marketing, version } = choice;
  fetch(url, {
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
  const stored = useSyncExternalStore(noSubscription, readStored, notReadOnTheServer);
  const standing = useMemo(
    () => (stored === undefined ? undefined : currentChoice(stored, texts.version, new Date())),
    [stored, texts.version],
  );
  // A choice made on this page (or before it hydrated) holds for it, stored or not.
  const [made, setMade] = useState<ConsentChoice | undefined>(undefined);
  // undefined: not read yet; null: no current choice, so the banner asks.
  const choice = made ?? standing;
  const [dialog, setDialog] = useState<"closed" | "open">("closed");
  // A new key remounts the dialog, so each opening starts from the saved flags.
  const [dialogKey, setDialogKey] = useState(0);

  // A banner press the early script answered before this hydrated is adopted: its choice, already
  // stored, applies and gets its proof; a press on Manage opens the dialog now.
  const adoptEarlyPresses = useEffectEvent(() => {
    const early = window.earlyConsent;
    if (early) {
      early.adopted = true;
    }
    if (early?.choice) {
      const answered = early.choice;
      delete early.choice;
      apply(answered);
    }
    if (early?.manage) {
      delete early.manage;
      openDialog();
    }
  });
  useEffect(() => adoptEarlyPresses(), []);

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

  const openDialog = useCallback(() => {
    setDialogKey((key) => key + 1);
    setDialog("open");
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_COOKIE_SETTINGS, openDialog);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS, openDialog);
  }, [openDialog]);

  /** A stored choice takes effect: the tags it refuses lose their cookies, and its proof is sent. */
  function apply(saved: ConsentChoice) {
    for (const kind of ["analytics", "marketing"] as const) {
      if (!saved[kind]) {
        removeTagCookies(kind);
      }
    }
    setMade(saved);
    postProof(proofUrl, saved);
  }

  function save(flags: OptionalConsent) {
    // One id per browser: each later save of the same visitor is a new proof row under the same id.
    const saved = makeChoice(flags, texts.version, new Date(), choice?.id ?? randomUuid());
    try {
      window.localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
    } catch {
      // Not stored: the choice still holds for this page.
    }
    apply(saved);
    setDialog("closed");
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
        <ConsentPreferences
          key={dialogKey}
          texts={texts}
          open={dialog === "open"}
          initial={{ analytics: choice?.analytics ?? false, marketing: choice?.marketing ?? false }}
          onCancel={() => setDialog("closed")}
          onSave={save}
        />
      )}
      {tagsMounted && (
        <ConsentTags analytics={choice?.analytics ?? false} marketing={choice?.marketing ?? false} tags={tags} />
      )}
    </>
  );
}
