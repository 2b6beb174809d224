import { formConfig } from "@/lib/forms/config";
import { getDefaultPhoneCountry } from "@/lib/forms/default-phone-country";

import { QuoteForm } from "../forms/quote-form";
import { QUOTE_CARD_ID } from "./quote-card-id";

/** The hero's Get Custom Quote card: the form is in the server HTML, ready at first paint. */
export function QuoteCard() {
  const config = formConfig("quote");
  return (
    <div
      id={QUOTE_CARD_ID}
      tabIndex={-1}
      role="region"
      aria-labelledby="quote-heading"
      className="relative rounded-3xl bg-white p-6 text-ink shadow-2xl shadow-black/30 sm:p-8 lg:px-10"
    >
      <div aria-hidden="true" className="absolute inset-y-0 left-0 w-1.5 rounded-l-3xl bg-amber" />
      <h2 id="quote-heading" className="mb-6 text-2xl font-bold tracking-tight text-navy">
        {config.title}
      </h2>
      <QuoteForm config={config} defaultCountry={getDefaultPhoneCountry()} />
    </div>
  );
}
