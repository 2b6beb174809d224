"use client";

import { useEffect, useState } from "react";

/** The hero phrase changes every 3000 ms. */
export const PHRASE_INTERVAL_MS = 3000;

/**
 * The hero's rotating phrase. The moving text is hidden from assistive technology (a phrase
 * announced every 3 s would drown out the page); screen readers get the full list once instead.
 * All phrases share one grid cell, so the line keeps the width of the longest and nothing jumps.
 * The button beside it stops and restarts the rotation (WCAG 2.2.2, pause, stop, hide).
 */
export function RotatingPhrase({ phrases, className = "" }: { phrases: readonly string[]; className?: string }) {
  const [index, setIndex] = useState(0);
  const [rotated, setRotated] = useState(false);
  const [paused, setPaused] = useState(false);
  const rotates = phrases.length > 1;

  useEffect(() => {
    if (!rotates || paused) return;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % phrases.length);
      setRotated(true);
    }, PHRASE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotates, paused, phrases.length]);

  return (
    <div className={`flex items-center gap-3 ${className}`} data-rotating-phrase>
      <p>
        <span className="sr-only">{phrases.join(", ")}</span>
        <span aria-hidden="true" className="inline-grid">
          {phrases.map((phrase, i) => (
            <span
              key={phrase}
              data-current={i === index || undefined}
              className={`col-start-1 row-start-1 ${i === index ? (rotated ? "animate-phrase-in motion-reduce:animate-none" : "") : "invisible"}`}
            >
              {phrase}
            </span>
          ))}
        </span>
      </p>
      {rotates && (
        <button
          type="button"
          aria-pressed={paused}
          aria-label="Pause the rotating phrase"
          title={paused ? "Play" : "Pause"}
          onClick={() => setPaused((current) => !current)}
          className="grid size-8 shrink-0 place-items-center rounded-full border border-white/30 text-white/80 transition hover:border-white hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="currentColor">
            {paused ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M3.5 2.5h3v11h-3zm6 0h3v11h-3z" />}
          </svg>
        </button>
      )}
    </div>
  );
}
