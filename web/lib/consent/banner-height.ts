import { useSyncExternalStore } from "react";

/**
 * The cookie banner's height while it shows, 0 while there is none. The page's end is padded by it,
 * so no button stays under the banner, and the profile popup sits above it. It goes to the body's
 * own padding and to a store, not to a custom property on the root: that would restyle every
 * element of the page, just as the page starts.
 */
let height = 0;
const listeners = new Set<() => void>();

export function publishBannerHeight(next: number) {
  if (next === height) {
    return;
  }
  height = next;
  document.body.style.paddingBottom = next ? `${next}px` : "";
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useBannerHeight(): number {
  return useSyncExternalStore(
    subscribe,
    () => height,
    () => 0,
  );
}
