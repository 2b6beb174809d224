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
    if (!element || element.getBoundingClientRect().top < window.innerHeight) return;
    setVisible(false);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -10% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={`reveal ${className}`} data-from={from} data-visible={visible}>
      {children}
    </div>
  );
}
