"use client";

import PhoneInput, { getCountryCallingCode, parsePhoneNumber, type Country } from "react-phone-number-input";
import labels from "react-phone-number-input/locale/en";
import { createContext, useContext, useEffect, useState, type AriaAttributes } from "react";

import { useUndoHistory } from "@/lib/forms/use-undo-history";

import { flagUrl } from "./flag-url";
import { PhoneCountryArrow } from "./phone-country-arrow";

export type PhoneNumberInputProps = {
  id: string;
  name: string;
  /** E.164 ("+8801712345678"), or what was typed before this component loaded, or "". */
  value: string;
  defaultCountry: string;
  inputClassName: string;
  ariaProps: AriaAttributes;
  onChange: (value: string) => void;
  /** The selected country's English name, "" when none is selected. */
  onCountryChange: (name: string) => void;
};

const isE164 = (value: string) => /^\+\d+$/.test(value);

// The library renders its arrow with no props: the selected country reaches it through context.
const SelectedCountry = createContext<Country | undefined>(undefined);

function SelectedCountryArrow() {
  const country = useContext(SelectedCountry);
  return <PhoneCountryArrow callingCode={country && getCountryCallingCode(country)} />;
}

/**
 * react-phone-number-input: formats as the visitor types, guesses the country from a typed
 * `+` number, and reports E.164. Flags are the package's country-flag-icons, copied into public/flags
 * by scripts/copy-flags.mjs, so they load from the site itself. Loaded only once the field is in use.
 */
export function PhoneNumberInput({
  id,
  name,
  value,
  defaultCountry,
  inputClassName,
  ariaProps,
  onChange,
  onCountryChange,
}: PhoneNumberInputProps) {
  const onKeyDown = useUndoHistory(value, onChange);
  const [country, setCountry] = useState<Country | undefined>(defaultCountry as Country);

  useEffect(() => {
    // Typed into the plain field this replaced, before it loaded: read it as this input would have.
    if (value && !isE164(value)) {
      onChange(parsePhoneNumber(value, defaultCountry as Country)?.number ?? "");
    }
    // Only what was there when it loaded needs reading.
  }, []);

  return (
    <SelectedCountry value={country}>
      <PhoneInput
        id={id}
        name={name}
        autoComplete="tel"
        value={isE164(value) ? value : undefined}
        onChange={(next) => onChange(next ?? "")}
        defaultCountry={defaultCountry as Country}
        onCountryChange={(next) => {
          setCountry(next);
          onCountryChange(next ? labels[next] : "");
        }}
        labels={labels}
        flagUrl={flagUrl("{XX}")}
        countrySelectProps={{ arrowComponent: SelectedCountryArrow }}
        onKeyDown={onKeyDown}
        numberInputProps={{ className: inputClassName }}
        {...ariaProps}
      />
    </SelectedCountry>
  );
}
