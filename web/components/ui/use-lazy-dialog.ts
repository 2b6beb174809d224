"use client";

import { useState } from "react";

/**
 * A dialog whose code loads on first use: not mounted until first opened, kept mounted after (so
 * what was typed survives a close); a hover or focus on its opener starts the download early.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [state, setState] = useState<"unused" | "open" | "closed">("unused");
  return {
    mounted: state !== "unused",
    open: state === "open",
    show: () => setState("open"),
    hide: () => setState("closed"),
    openerProps: { onPointerEnter: () => void load(), onFocus: () => void load() },
  };
}
