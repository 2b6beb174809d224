"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

import type { RevealFrom } from "./reveal-side";

/**
 * Slides its children in over 1000 ms (globals.css) the first time they scroll into view.
 * The server HTML shows everything, so nothing on the first screen waits for scripts or for the
 * animation; once hydrated, only what still lies wholly below the screen is hidden, to slide in
 * when it is scrolled to. Reduced motion shows it at once.
 */
export function Reveal({ children, from = "bottom", className = "" }: { children: ReactNode; from?: RevealFrom; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The observer's first report says where the element lies without forcing a layout of the page
    // (as reading its position in the effect would, in the middle of hydration).
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            setVisible(true);
            stop();
          } else if (entry.boundingClientRect.top >= window.innerHeight) {
            setVisible(false);
          }
        }
      },
      { rootMargin: "0px 0px -10% 0px" },
    );
    // A section far below the screen is not laid out until it nears it (content-visibility in
    // globals.css), so the observer first reports it nowhere. Once its section is laid out, the
    // observer is asked again: it is then hidden, still well below the screen, to slide in.
    const laidOut = (event: Event) => {
      const { skipped, target } = event as ContentVisibilityAutoStateChangeEvent;
      if (!skipped && target instanceof Node && target.contains(element)) {
        observer.unobserve(element);
        observer.observe(element);
      }
    };
    const stop = () => {
      observer.disconnect();
      document.removeEventListener("contentvisibilityautostatechange", laidOut, true);
    };
    observer.observe(element);
    // The event does not bubble: it is caught on its way down.
    document.addEventListener("contentvisibilityautostatechange", laidOut, true);
    return stop;
  }, []);

  return (
    <div ref={ref} className={`reveal ${className}`} data-from={from} data-visible={visible}>
      {children}
    </div>
  );
}
