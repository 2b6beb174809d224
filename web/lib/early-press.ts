/**
 * On a control that works only once its component has hydrated (a dialog's opener, a menu's
 * toggle): a press before then is kept by the early script (early-press-script.ts) and replayed on
 * hydration (use-early-presses.ts), so no control on the first screen is dead while a phone is
 * still running the page's scripts.
 */
export const EARLY_PRESS_ATTRIBUTE = "data-early-press";

export type EarlyPresses = { pressed: string[]; adopted: Record<string, boolean> };

declare global {
  interface Window {
    earlyPresses?: EarlyPresses;
  }
}

/** The attribute that names a control for the early script to keep its early presses. */
export const earlyPress = (name: string) => ({ [EARLY_PRESS_ATTRIBUTE]: name });
