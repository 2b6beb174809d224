"use client";

import { useEffect, useMemo, useRef } from "react";

/**
 * Holds a step back while the visitor types: `typing()` on each of their inputs (and as they reach
 * for the field, about to type); `afterPause(step)` runs `step`, in a task of its own, once `quietMs`
 * have passed since the last of those. One step waits at a time: a later one replaces it.
 */
export function useTypingPause(quietMs: number) {
  const lastInput = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useMemo(() => {
    function afterPause(step: () => void) {
      window.clearTimeout(timer.current);
      const wait = lastInput.current + quietMs - performance.now();
      // Typed again while it waited: it waits on from that input.
      timer.current = window.setTimeout(() => (wait > 0 ? afterPause(step) : step()), Math.max(wait, 0));
    }
    return { typing: () => void (lastInput.current = performance.now()), afterPause };
  }, [quietMs]);
}
