"use client";

import { useSyncExternalStore } from "react";

// The year does not change under a page in any way worth listening for.
const noSubscription = () => () => {};
const visitorsYear = () => new Date().getFullYear();

/** The year at build time in the HTML, then the visitor's current year: a page built in
 * December still reads right in January. */
export function CurrentYear({ builtIn }: { builtIn: number }) {
  const year = useSyncExternalStore(noSubscription, visitorsYear, () => builtIn);
  return <>{year}</>;
}
