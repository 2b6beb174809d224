import Link from "next/link";

import { paths } from "@/lib/routes";

import { buttonClass } from "../ui/button-link";
import { QUOTE_CARD_ID } from "./quote-form-slot-id";

// Placeholder for the Get Custom Quote form (spec 2.6): the form replaces this card's body in a later issue.
export function QuoteFormSlot({ heading }: { heading: string }) {
  return (
    <div
      id={QUOTE_CARD_ID}
      tabIndex={-1}
      role="region"
      aria-labelledby="quote-heading"
      data-quote-form-slot
      className="relative overflow-hidden rounded-3xl bg-white p-6 text-ink shadow-2xl shadow-black/30 sm:p-8 lg:flex lg:items-center lg:justify-between lg:gap-10 lg:px-10"
    >
      <div aria-hidden="true" className="absolute inset-y-0 left-0 w-1.5 bg-amber" />
      <div className="flex items-start gap-4 sm:items-center">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber/15 text-amber-600">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M9 3h6a2 2 0 0 1 2 2H7a2 2 0 0 1 2-2z" />
            <path d="M17 5h1a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h1" />
            <path d="M8 12h8M8 16h5" />
          </svg>
        </span>
        <div>
          <h2 id="quote-heading" className="text-2xl font-bold tracking-tight text-navy">
            {heading}
          </h2>
          <p className="mt-1 max-w-2xl leading-relaxed text-muted">
            Tell us what you are building, your timeline and your budget, and a solution architect replies with a
            fixed-price estimate within one business day.
          </p>
        </div>
      </div>
      <Link href={paths.requestDemo} className={`${buttonClass("dark")} mt-6 w-full shrink-0 lg:mt-0 lg:w-auto`}>
        Request a Quote <span aria-hidden="true">&rarr;</span>
      </Link>
    </div>
  );
}
