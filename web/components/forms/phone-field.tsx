"use client";

import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";

import type { PhoneCountry } from "@/lib/content";
import { controlId } from "@/lib/forms/use-lead-form";

import { errorProps, FieldError, FieldLabel, type FieldProps } from "./field-parts";
import { PhoneCountryArrow } from "./phone-country-arrow";
import type { PhoneNumberInputProps } from "./phone-number-input";

const loadPhoneInput = () => import("./phone-number-input");

const inputClassName = "min-w-0 flex-1 bg-transparent py-3 text-base text-ink outline-none placeholder:text-muted/80";

/**
 * The quote form's international phone field. Its HTML is in the server page at once (a plain field
 * with the default country's flag and calling code, as the library shows them), and the phone
 * library, some 48 kB, arrives when the visitor reaches for the form (a pointer over it, a touch or
 * focus in it), then takes over with what was typed. Not at idle: starting the library is a long
 * task that a visitor who only reads would wait on for nothing.
 */
export function PhoneField({
  formId,
  name,
  field,
  value,
  messages,
  defaultCountry,
  onChange,
  onCountryChange,
}: FieldProps & { defaultCountry: PhoneCountry; onCountryChange: (name: string) => void }) {
  const [Input, setInput] = useState<ComponentType<PhoneNumberInputProps> | null>(null);
  const load = useCallback(() => {
    void loadPhoneInput().then((module) => setInput(() => module.PhoneNumberInput));
  }, []);

  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = fieldRef.current?.closest("form");
    if (!form) return;
    const intents = ["pointerenter", "touchstart", "focusin"] as const;
    for (const intent of intents) form.addEventListener(intent, load, { once: true, passive: true });
    return () => intents.forEach((intent) => form.removeEventListener(intent, load));
  }, [load]);

  const id = controlId(formId, name);
  const invalid = Boolean(messages?.length);
  const ariaProps = { "aria-required": field.required, ...errorProps(formId, name, messages) };
  return (
    <div ref={fieldRef}>
      <FieldLabel htmlFor={id} required={field.required} markRequired={false}>
        {field.label}
      </FieldLabel>
      <div
        data-phone-field={Input ? "ready" : "pending"}
        className={`rounded-xl border bg-white px-4 focus-within:outline-2 focus-within:outline-amber ${invalid ? "border-coral" : "border-navy/15"}`}
      >
        {Input ? (
          <Input
            id={id}
            name={name}
            value={value}
            defaultCountry={defaultCountry.iso2}
            inputClassName={inputClassName}
            ariaProps={ariaProps}
            onChange={(next) => onChange(name, next)}
            onCountryChange={onCountryChange}
          />
        ) : (
          <div className="PhoneInput">
            <div className="PhoneInputCountry" aria-hidden="true">
              <div className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
                <img className="PhoneInputCountryIconImg" src={`/flags/${defaultCountry.iso2}.svg`} alt="" />
              </div>
              <PhoneCountryArrow callingCode={defaultCountry.dialCode} />
            </div>
            <input
              id={id}
              name={name}
              type="tel"
              autoComplete="tel"
              value={value}
              onChange={(event) => onChange(name, event.target.value)}
              className={`PhoneInputInput ${inputClassName}`}
              {...ariaProps}
            />
          </div>
        )}
      </div>
      <FieldError formId={formId} name={name} messages={messages} />
    </div>
  );
}
