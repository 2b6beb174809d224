"use client";

import type { ReactNode } from "react";

import { ModalDialog } from "../ui/modal-dialog";

/** A lead form in a modal: its title, a × that closes it (a dialog form needs no script), the form. */
export function FormDialog({
  id,
  title,
  open,
  onClose,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={`${id}-title`} className="max-w-2xl">
      <div data-form-dialog={id} className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-2xl font-bold text-navy">
            {title}
          </h2>
          <form method="dialog">
            <button type="submit" aria-label="Close" className="-m-2 rounded-full p-2 text-muted hover:bg-surface hover:text-navy">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </form>
        </div>
        {children}
      </div>
    </ModalDialog>
  );
}
