"use client";

import { lazy, Suspense } from "react";

import { track } from "@/lib/analytics/events";
import type { FormConfig } from "@/lib/forms/config";
import type { DefaultPhoneCountry } from "@/lib/forms/default-phone-country";

import { buttonClass } from "../ui/button-link";
import { useLazyDialog } from "../ui/use-lazy-dialog";

const loadQuoteDialog = () => import("./service-quote-dialog");
const QuoteDialog = lazy(() => loadQuoteDialog().then((module) => ({ default: module.ServiceQuoteDialog })));

/** On a service page, Request a Quote opens the quote form in a dialog; its code loads on first use. */
export function ServiceQuoteButton({
  label,
  config,
  defaultCountry,
}: {
  label: string;
  config: FormConfig;
  defaultCountry: DefaultPhoneCountry;
}) {
  const dialog = useLazyDialog(loadQuoteDialog);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          track("request_quote_click", {});
          dialog.show();
        }}
        {...dialog.openerProps}
        className={buttonClass("primary")}
      >
        {label}
      </button>
      {dialog.mounted && (
        <Suspense>
          <QuoteDialog config={config} defaultCountry={defaultCountry} open={dialog.open} onClose={dialog.hide} />
        </Suspense>
      )}
    </>
  );
}
