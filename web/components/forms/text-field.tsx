"use client";

import { controlId } from "@/lib/forms/use-lead-form";

import { controlClass, errorProps, FieldError, FieldLabel, type FieldProps } from "./field-parts";

const AUTOCOMPLETE: Record<string, string> = { name: "name", company: "organization", email: "email", phone: "tel" };

/** A labelled input or textarea of a lead form, with its error under it. */
export function TextField({
  formId,
  name,
  field,
  value,
  messages,
  markRequired,
  autoFocus = false,
  onChange,
}: FieldProps & { markRequired: boolean; autoFocus?: boolean }) {
  const id = controlId(formId, name);
  const props = {
    id,
    name,
    value,
    maxLength: field.maxLength,
    placeholder: field.placeholder,
    "aria-required": field.required,
    ...errorProps(formId, name, messages),
    ...(autoFocus ? { "data-autofocus": true } : {}),
    className: controlClass(Boolean(messages?.length)),
  };
  return (
    <div className={field.type === "textarea" ? "sm:col-span-2" : undefined}>
      <FieldLabel htmlFor={id} required={field.required} markRequired={markRequired}>
        {field.label}
      </FieldLabel>
      {field.type === "textarea" ? (
        <textarea rows={4} {...props} onChange={(event) => onChange(name, event.target.value)} />
      ) : (
        <input
          type={field.type}
          autoComplete={AUTOCOMPLETE[name]}
          {...props}
          onChange={(event) => onChange(name, event.target.value)}
        />
      )}
      <FieldError formId={formId} name={name} messages={messages} />
    </div>
  );
}
