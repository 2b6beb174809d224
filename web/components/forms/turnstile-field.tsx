"use client";

import { useEffect, useRef } from "react";

import type { LeadFormState } from "@/lib/forms/use-lead-form";
import { loadTurnstile } from "@/lib/forms/turnstile";

/**
 * Cloudflare Turnstile's check, when the site is built with its site key. Cloudflare's script is
 * fetched when the visitor first reaches into the form, not with the page; the space for the
 * widget is kept from the start so nothing moves when it appears. The service's refusal shows here.
 */
export function TurnstileField({
  siteKey,
  form,
  messages,
}: {
  siteKey: string;
  form: LeadFormState;
  messages?: string[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const { setToken, setReset } = form.turnstile;

  useEffect(() => {
    const element = container.current;
    const owner = element?.closest("form");
    if (!element || !owner) {
      return;
    }
    let widget: { id: string; remove: () => void } | undefined;
    let cancelled = false;
    const start = () => {
      owner.removeEventListener("focusin", start);
      owner.removeEventListener("pointerdown", start);
      void loadTurnstile()
        .then((turnstile) => {
          if (cancelled) {
            return;
          }
          const id = turnstile.render(element, {
            sitekey: siteKey,
            callback: setToken,
            "expired-callback": () => setToken(""),
            "error-callback": () => setToken(""),
          });
          widget = { id, remove: () => turnstile.remove(id) };
          setReset(() => turnstile.reset(id));
        })
        // Unreachable: the form still sends, and the service says what is missing.
        .catch(() => setToken(""));
    };
    // Drawn after the visitor reached into the form (a dialog's form takes the focus as it opens).
    if (owner.contains(document.activeElement)) {
      start();
    } else {
      owner.addEventListener("focusin", start);
      owner.addEventListener("pointerdown", start);
    }
    return () => {
      cancelled = true;
      owner.removeEventListener("focusin", start);
      owner.removeEventListener("pointerdown", start);
      widget?.remove();
    };
  }, [siteKey, setToken, setReset]);

  return (
    <div className="sm:col-span-2">
      <div ref={container} data-turnstile className="min-h-[65px]" />
      {messages?.map((message) => (
        <p key={message} role="alert" className="mt-1 text-sm text-[#b42318]">
          {message}
        </p>
      ))}
    </div>
  );
}
