"use client";

import { lazy, Suspense, type ReactNode } from "react";

import type { FormConfig } from "@/lib/forms/config";
import type { LeadFormState } from "@/lib/forms/use-lead-form";

import { buttonClass, type ButtonVariant } from "../ui/button-link";
import { FormFooter } from "./form-footer";
import { HoneypotField } from "./honeypot-field";

// Needed only once a lead is stored: fetched when the visitor first presses submit.
const loadSuccessDialog = () => import("./success-dialog");
const SuccessDialog = lazy(() => loadSuccessDialog().then((module) => ({ default: module.SuccessDialog })));
// Only a site built with Turnstile's key has its code, fetched with the form's page and drawn
// in the server's HTML, in the space kept for the widget.
const TurnstileField = lazy(() => import("./turnstile-field").then((module) => ({ default: module.TurnstileField })));
const TURNSTILE_SPACE = <div className="min-h-[65px] sm:col-span-2" />;

/**
 * What every lead form has around its fields: the form element (method="post", so a submit before
 * hydration never puts the values in a URL), the honeypot, the failure notice and submit button,
 * and the success dialog. `onDone` runs when the visitor closes the success dialog.
 */
export function LeadForm({
  config,
  form,
  buttonVariant,
  onDone,
  children,
}: {
  config: FormConfig;
  form: LeadFormState;
  buttonVariant: ButtonVariant;
  onDone?: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          void loadSuccessDialog();
          return form.submit(event);
        }}
        data-lead-form={config.name}
        className="relative grid gap-4 sm:grid-cols-2"
      >
        {children}
        <HoneypotField name={config.honeypotField} />
        {config.turnstile && (
          <Suspense fallback={TURNSTILE_SPACE}>
            <TurnstileField
              siteKey={config.turnstile.siteKey}
              form={form}
              messages={form.errors[config.turnstile.field]}
            />
          </Suspense>
        )}
        <FormFooter
          config={config}
          status={form.status}
          announcement={form.announcement}
          buttonClassName={`${buttonClass(buttonVariant)} w-full sm:w-auto`}
        />
      </form>
      {form.status === "sent" && (
        <Suspense>
          <SuccessDialog
            open
            success={config.success}
            onClose={() => {
              form.dismiss();
              onDone?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
