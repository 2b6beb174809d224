"use client";

import { useEffect, useRef, type PointerEvent, type ReactNode } from "react";

/**
 * Marks the document while any modal dialog is open, for globals.css to lock the page's scroll. An
 * attribute, not `html:has(dialog:modal)`: that selector has the browser restyle the whole page for
 * every node the HTML parser and React insert while the page starts.
 */
function syncScrollLock() {
  document.documentElement.toggleAttribute("data-modal-open", document.querySelector("dialog:modal") !== null);
}

/**
 * The platform's modal <dialog>: showModal() gives the top layer, the inert page behind, Escape and
 * focus containment for free; the page's scroll is locked while one is open. A press that
 * starts and ends on the backdrop closes it (one that starts in a field and ends outside does not),
 * and focus goes back to whatever had it before.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className = "",
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedBackdrop = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || open === element.open) {
      return;
    }
    if (open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else {
      element.close();
    }
    syncScrollLock();
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    // Unmounted while open (the page moved on): the opener must not be left without focus.
    return () => {
      if (element?.open) {
        returnFocus.current?.focus();
      }
      syncScrollLock();
    };
  }, []);

  const onBackdrop = (event: PointerEvent<HTMLDialogElement>) => event.target === event.currentTarget;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        syncScrollLock();
        returnFocus.current?.focus();
        onClose();
      }}
      onPointerDown={(event) => (pressedBackdrop.current = onBackdrop(event))}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) {
          event.currentTarget.close();
        }
        pressedBackdrop.current = false;
      }}
      // pointer-events-auto: a modal takes the pointer wherever it is mounted (the consent dialog
      // sits in the layout's pointer-transparent dock).
      className={`pointer-events-auto m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] overflow-hidden rounded-3xl bg-transparent p-0 text-ink shadow-2xl backdrop:bg-navy/60 backdrop:backdrop-blur-sm ${className}`}
    >
      {/* Fills the dialog, so a press on the dialog element itself can only be on the backdrop. */}
      <div className="max-h-[calc(100dvh-2rem)] overflow-y-auto bg-white">{children}</div>
    </dialog>
  );
}
