import { useEffect, useEffectEvent } from "react";

/**
 * Adopts the controls called `names` once the component has hydrated: from then on their own
 * handlers answer, and `replay` runs once for each of them pressed before (in the order pressed).
 */
export function useEarlyPresses(names: string[], replay: (name: string) => void): void {
  // An event, not something to keep in sync: the presses kept until hydration, replayed a single
  // time with the names and handler of the render that hydrated.
  const adopt = useEffectEvent(() => {
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
  });
  // Once, as the component hydrates.
  useEffect(() => adopt(), []);
}
