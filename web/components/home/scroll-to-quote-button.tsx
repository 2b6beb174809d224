"use client";

import type { ReactNode } from "react";

import { buttonClass, type ButtonVariant } from "@/components/ui/button-link";

import { QUOTE_CARD_ID } from "./quote-card-id";

/**
 * Start Now / Get Started: scrolls back up to the hero and moves focus to the quote
 * card, so keyboard and screen-reader users land where the page sent them. Smooth only when the
 * visitor has not asked for reduced motion.
 */
export function ScrollToQuoteButton({ children, variant = "primary" }: { children: ReactNode; variant?: ButtonVariant }) {
  function handleClick() {
    const card = document.getElementById(QUOTE_CARD_ID);
    const hero = document.querySelector<HTMLElement>('[data-section="hero"]');
    const behavior: ScrollBehavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    let top = hero ? hero.getBoundingClientRect().top + window.scrollY : 0;
    if (card) {
      // The card sits at the foot of the hero: keep as much of the hero in view as the screen
      // allows while showing the whole card, and never hide the card's top under the fixed header.
      const rect = card.getBoundingClientRect();
      const header = document.querySelector("header")?.offsetHeight ?? 0;
      const cardTop = rect.top + window.scrollY;
      const cardBottom = rect.bottom + window.scrollY;
      top = Math.max(top, Math.min(cardTop - header - 16, cardBottom + 24 - document.documentElement.clientHeight));
    }
    window.scrollTo({ top, behavior });
    card?.focus({ preventScroll: true });
  }

  return (
    <button type="button" onClick={handleClick} className={buttonClass(variant)} data-scroll-to={QUOTE_CARD_ID}>
      {children}
    </button>
  );
}
