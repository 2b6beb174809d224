"use client";

import { useId } from "react";

import type { FormConfig } from "@/lib/forms/config";
import { useLeadForm } from "@/lib/forms/use-lead-form";

import { LeadForm } from "./lead-form";
import { TextField } from "./text-field";

/**
 * A contact form: the header modal's and the case-studies page's, which differ only
 * in their forms.json rules and in marking the required fields.
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
    <LeadForm config={config} form={form} buttonVariant="primary" onDone={onDone}>
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
    </LeadForm>
  );
}
