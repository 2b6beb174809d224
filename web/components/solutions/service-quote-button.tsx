"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

import { track } from "@/lib/analytics/events";
import type { FormConfig } from "@/lib/forms/config";

import { buttonClass } from "../ui/button-link";

const loadQuoteDialog = () => import("./service-quote-dialog");
const QuoteDialog = dynamic(() => loadQuoteDialog().then((module) => module.ServiceQuoteDialog), { ssr: false });

/** Spec 2.10: Request a Quote opens the quote form in a dialog; its code loads on first use. */
export function ServiceQuoteButton({
  label,
  config,
  defaultCountry,
}: {
  label: string;
  config: FormConfig;
  defaultCountry: { iso2: string; name: string };
}) {
  const [state, setState] = useState<"unused" | "open" | "closed">("unused");
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          track("request_quote_click", {});
          setState("open");
        }}
        onPointerEnter={() => void loadQuoteDialog()}
        onFocus={() => void loadQuoteDialog()}
        className={buttonClass("primary")}
      >
        {label}
      </button>
      {state !== "unused" && (
        <QuoteDialog
          config={config}
          defaultCountry={defaultCountry}
          open={state === "open"}
          onClose={() => setState("closed")}
        />
      )}
    </>
  );
}
