"use client";

import { useId } from "react";

import type { FormConfig } from "@/lib/forms/config";
import { useLeadForm } from "@/lib/forms/use-lead-form";

import { buttonClass } from "../ui/button-link";
import { FormFooter } from "./form-footer";
import { HoneypotField } from "./honeypot-field";
import { SuccessDialog } from "./success-dialog";
import { TextField } from "./text-field";

/**
 * A contact form (spec 4.1, 4.3): the header modal's and the case-studies page's, which differ only
 * in their forms.json rules. `onDone` runs when the visitor closes the success dialog.
 */
export function ContactForm({
  config,
  markRequired = false,
  autoFocus = false,
  onDone,
}: {
  config: FormConfig;
  markRequired?: boolean;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const formId = useId();
  const form = useLeadForm(config, formId);
  return (
    <>
      <form method="post" noValidate onSubmit={form.submit} data-lead-form={config.name} className="relative grid gap-4 sm:grid-cols-2">
        {config.fields.map(([name, field], index) => (
          <TextField
            key={name}
            formId={formId}
            name={name}
            field={field}
            value={form.values[name] ?? ""}
            messages={form.errors[name]}
            markRequired={markRequired}
            autoFocus={autoFocus && index === 0}
            onChange={form.setValue}
          />
        ))}
        <HoneypotField name={config.honeypotField} />
        <FormFooter
          config={config}
          status={form.status}
          announcement={form.announcement}
          buttonClassName={`${buttonClass("primary")} w-full sm:w-auto`}
        />
      </form>
      <SuccessDialog
        open={form.status === "sent"}
        success={config.success}
        onClose={() => {
          form.dismiss();
          onDone?.();
        }}
      />
    </>
  );
}
