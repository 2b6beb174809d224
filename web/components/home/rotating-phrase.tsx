"use client";

import { useEffect, useState } from "react";

import styles from "./rotating-phrase.module.css";

/** Spec 9: the hero phrase changes every 3000 ms. */
export const PHRASE_INTERVAL_MS = 3000;

/**
 * The hero's rotating phrase. The moving text is hidden from assistive technology (a phrase
 * announced every 3 s would drown out the page); screen readers get the full list once instead.
 * All phrases share one grid cell, so the line keeps the width of the longest and nothing jumps.
 */
export function RotatingPhrase({ phrases, className = "" }: { phrases: readonly string[]; className?: string }) {
  const [index, setIndex] = useState(0);
  const [rotated, setRotated] = useState(false);

  useEffect(() => {
    if (phrases.length < 2) return;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % phrases.length);
      setRotated(true);
    }, PHRASE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [phrases.length]);

  return (
    <p className={className} data-rotating-phrase>
      <span className="sr-only">{phrases.join(", ")}</span>
      <span aria-hidden="true" className="inline-grid">
        {phrases.map((phrase, i) => (
          <span
            key={phrase}
            data-current={i === index || undefined}
            className={`col-start-1 row-start-1 ${i === index ? (rotated ? styles.enter : "") : "invisible"}`}
          >
            {phrase}
          </span>
        ))}
      </span>
    </p>
  );
}
