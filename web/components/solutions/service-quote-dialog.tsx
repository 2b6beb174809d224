"use client";

import type { FormConfig } from "@/lib/forms/config";

import { DialogCloseButton } from "../forms/dialog-close-button";
import { QuoteForm } from "../forms/quote-form";
import { ModalDialog } from "../ui/modal-dialog";

/** The service page's quote dialog (spec 2.10, 4.6): the home hero's form, in a modal. */
export function ServiceQuoteDialog({
  config,
  defaultCountry,
  open,
  onClose,
}: {
  config: FormConfig;
  defaultCountry: { iso2: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="quote-dialog-title" className="max-w-2xl">
      <div data-quote-dialog className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2 id="quote-dialog-title" className="text-2xl font-bold text-navy">
            {config.title}
          </h2>
          <DialogCloseButton />
        </div>
        <QuoteForm config={config} defaultCountry={defaultCountry} autoFocus onDone={onClose} />
      </div>
    </ModalDialog>
  );
}
