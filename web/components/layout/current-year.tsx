"use client";

import { useSyncExternalStore } from "react";

// The year does not change under a page in any way worth listening for.
const noSubscription = () => () => {};

/** The year at build time in the HTML, then the visitor's current year: a page built in
 * December still reads right in January. */
export function CurrentYear({ builtIn }: { builtIn: number }) {
  return <>{useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => builtIn)}</>;
}
