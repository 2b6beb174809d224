import type { FormField } from "@/lib/content";

import type { FormConfig } from "./config";

export type FormValues = Record<string, string>;
/** Field name to its messages, the shape the lead service answers a 400 with. */
export type FieldErrors = Record<string, string[]>;

function fieldError(config: FormConfig, field: FormField, value: string): string | undefined {
  if (value === "") {
    return field.required ? field.messages.required : undefined;
  }
  if (value.length > field.maxLength) {
    return config.messages.maxLength.replace("{max}", String(field.maxLength));
  }
  const pattern = field.pattern === undefined ? undefined : config.patterns[field.pattern];
  if (pattern && !new RegExp(pattern.source, pattern.flags).test(value)) {
    return field.messages.pattern;
  }
  if (field.options && !field.options.includes(value)) {
    return field.messages.option;
  }
  return undefined;
}

/** The rules of forms.json (spec 5), checked as the lead service checks them: on trimmed values. */
export function validate(config: FormConfig, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, field] of config.fields) {
    const message = fieldError(config, field, (values[name] ?? "").trim());
    if (message) {
      errors[name] = [message];
    }
  }
  return errors;
}
