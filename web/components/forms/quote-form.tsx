"use client";

import { useId, useState } from "react";

import type { FormConfig } from "@/lib/forms/config";
import type { DefaultPhoneCountry } from "@/lib/forms/default-phone-country";
import { useLeadForm } from "@/lib/forms/use-lead-form";

import { BudgetSelect } from "./budget-select";
import { LeadForm } from "./lead-form";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";

/**
 * Get Custom Quote: in the home hero, and in the service pages' quote dialog. The phone goes with
 * the ISO code of the country its list shows, in which the lead service reads it.
 */
export function QuoteForm({
  config,
  defaultCountry,
  autoFocus = false,
  onDone,
}: {
  config: FormConfig;
  defaultCountry: DefaultPhoneCountry;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const formId = useId();
  const [country, setCountry] = useState(defaultCountry.iso2);
  const form = useLeadForm(config, formId, country);
  return (
    <LeadForm config={config} form={form} buttonVariant="dark" onDone={onDone}>
      {config.fields.map(([name, field], index) => {
        const props = { formId, name, field, value: form.values[name] ?? "", messages: form.errors[name], onChange: form.setValue };
        if (field.type === "international-phone") {
          return <PhoneField key={name} {...props} defaultCountry={defaultCountry} onCountryChange={setCountry} />;
        }
        if (field.type === "select") {
          return <BudgetSelect key={name} {...props} />;
        }
        return <TextField key={name} {...props} markRequired={false} autoFocus={autoFocus && index === 0} />;
      })}
    </LeadForm>
  );
}
