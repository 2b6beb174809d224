import { EARLY_PRESS_ATTRIBUTE, type EarlyPresses } from "./early-press";

// The early script's part, apart from early-press.ts so that it stays in the server's HTML and out
// of the browser's bundle.

/** Runs in the early script, before anything hydrates: it names nothing outside itself. */
function keepEarlyPresses(attribute: string): void {
  const early: EarlyPresses = { pressed: [], adopted: {} };
  window.earlyPresses = early;
  document.addEventListener(
    "click",
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(`[${attribute}]`) : null;
      const name = control?.getAttribute(attribute);
      if (name && !early.adopted[name]) {
        early.pressed.push(name);
      }
    },
    true,
  );
}

export const EARLY_PRESS_SCRIPT = `(${keepEarlyPresses.toString()})(${JSON.stringify(EARLY_PRESS_ATTRIBUTE)});`;
