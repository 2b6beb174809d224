import type { ReactNode } from "react";

import type { FormField } from "@/lib/content";
import { errorId } from "@/lib/forms/use-lead-form";

/** What each field of a lead form is given by the form. */
export type FieldProps = {
  formId: string;
  name: string;
  field: FormField;
  value: string;
  messages?: string[];
  /** `byVisitor` false: the page changed how the value is held, not the visitor what it is. */
  onChange: (name: string, value: string, byVisitor?: boolean) => void;
};

/** Shared look of every control; red only while the field has an error. */
export const controlClass = (invalid: boolean) =>
  `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-muted/80 focus:outline-2 focus:outline-offset-0 focus:outline-amber ${
    invalid ? "border-coral" : "border-navy/15"
  }`;

export function FieldLabel({
  htmlFor,
  id,
  required,
  markRequired,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required: boolean;
  markRequired: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className="mb-1.5 block text-sm font-semibold text-navy">
      {children}
      {required && markRequired && (
        <span aria-hidden="true" className="ml-0.5 text-coral">
          *
        </span>
      )}
    </label>
  );
}

/** The field's message, tied to its control by aria-describedby. */
export function FieldError({ formId, name, messages }: { formId: string; name: string; messages?: string[] }) {
  if (!messages?.length) {
    return null;
  }
  return (
    <p id={errorId(formId, name)} className="mt-1.5 text-sm font-medium text-[#b42318]">
      {messages.join(" ")}
    </p>
  );
}

/** aria props of a control, from its error state. */
export const errorProps = (formId: string, name: string, messages?: string[]) =>
  messages?.length ? { "aria-invalid": true, "aria-describedby": errorId(formId, name) } : {};
