import { formConfig } from "@/lib/forms/config";

import { DeferredContactForm } from "./deferred-contact-form";

/** The case-studies contact form, required fields marked with an asterisk. */
export function ContactFormCard() {
  const config = formConfig("caseStudiesContact");
  return (
    <div data-slot="contact-form" className="rounded-3xl bg-white p-6 shadow-xl shadow-navy/10 ring-1 ring-navy/5 sm:p-10">
      <h3 className="mb-6 text-2xl font-bold text-navy">{config.title}</h3>
      <DeferredContactForm config={config} />
    </div>
  );
}
