"use client";

import type { FormConfig } from "@/lib/forms/config";
import type { DefaultPhoneCountry } from "@/lib/forms/default-phone-country";

import { FormDialog } from "../forms/form-dialog";
import { QuoteForm } from "../forms/quote-form";

/** The service page's quote dialog: the home hero's form, in a modal. */
export function ServiceQuoteDialog({
  config,
  defaultCountry,
  open,
  onClose,
}: {
  config: FormConfig;
  defaultCountry: DefaultPhoneCountry;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog id="quote-dialog" title={config.title} open={open} onClose={onClose}>
      <QuoteForm config={config} defaultCountry={defaultCountry} autoFocus onDone={onClose} />
    </FormDialog>
  );
}
