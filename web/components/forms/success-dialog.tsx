"use client";

import { useId } from "react";

import type { FormConfig } from "@/lib/forms/config";

import { buttonClass } from "../ui/button-link";
import { ModalDialog } from "../ui/modal-dialog";

/** "Success!" after a lead is stored; OK closes it through the dialog form. */
export function SuccessDialog({ open, success, onClose }: { open: boolean; success: FormConfig["success"]; onClose: () => void }) {
  const id = useId();
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-message`} className="max-w-sm">
      <div data-success-dialog className="p-8 text-center">
        <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-full bg-teal/15 text-teal">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h2 id={`${id}-title`} className="mt-5 text-2xl font-bold text-navy">
          {success.title}
        </h2>
        <p id={`${id}-message`} className="mt-2 text-ink">
          {success.message}
        </p>
        <form method="dialog" className="mt-6">
          <button type="submit" data-autofocus className={`${buttonClass("dark")} w-full`}>
            {success.dismissLabel}
          </button>
        </form>
      </div>
    </ModalDialog>
  );
}
