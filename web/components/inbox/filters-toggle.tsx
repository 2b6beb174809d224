"use client";

import { type ReactNode, useId, useState } from "react";

/**
 * Below 640 px, the list's filters behind one button that says how many are set, so that the
 * leads come first on a phone; wider, the filters as they are, the button hidden.
 */
export function FiltersToggle({ set, children }: { set: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="inbox-button sm:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Filters{set ? ` (${set} set)` : ""}
      </button>
      <div id={id} className={`${open ? "flex" : "hidden"} w-full flex-wrap items-end gap-3 sm:contents`}>
        {children}
      </div>
    </>
  );
}
