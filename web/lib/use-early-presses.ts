import { useEffect } from "react";

/**
 * Adopts the controls called `names` once the component has hydrated: from then on their own
 * handlers answer, and `replay` runs once for each of them pressed before (in the order pressed).
 */
export function useEarlyPresses(names: string[], replay: (name: string) => void): void {
  // Once, as the component hydrates: the presses kept until then are replayed a single time.
  useEffect(() => {
    const early = window.earlyPresses;
    if (!early) {
      return;
    }
    for (const name of names) {
      early.adopted[name] = true;
    }
    const pressed = [...new Set(early.pressed.filter((name) => names.includes(name)))];
    early.pressed = early.pressed.filter((name) => !names.includes(name));
    pressed.forEach(replay);
  }, []);
}
