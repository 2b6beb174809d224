"use client";

import { lazy, Suspense, useEffect, useState } from "react";

import type { FormConfig } from "@/lib/forms/config";
import { whenIdle } from "@/lib/when-idle";

const ContactForm = lazy(() => import("../forms/contact-form").then((module) => ({ default: module.ContactForm })));

/** Holds the form's place (its height at each width) until it arrives, so nothing below it moves. */
function FormSpace() {
  return <div aria-busy="true" className="min-h-[36rem] sm:min-h-[24.5rem]" />;
}

/**
 * The case-studies contact form sits at the foot of the page: its code loads once the browser is
 * idle after the first paint, not with the page (the site's budget of first-load JavaScript).
 */
export function DeferredContactForm({ config }: { config: FormConfig }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={<FormSpace />}>
      <ContactForm config={config} markRequired />
    </Suspense>
  ) : (
    <FormSpace />
  );
}
