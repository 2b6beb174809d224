import type { ButtonHTMLAttributes } from "react";

/**
 * The chevron button that opens and closes a submenu: it names the submenu it controls only while
 * that submenu is rendered (the menus exist only while open), and turns its arrow up meanwhile.
 */
export function SubmenuToggle({
  open,
  controls,
  ...button
}: { open: boolean; controls: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" aria-expanded={open} aria-controls={open ? controls : undefined} {...button}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}>
        <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
