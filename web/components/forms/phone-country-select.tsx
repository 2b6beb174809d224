import { getCountryCallingCode, type Country } from "react-phone-number-input";
import { memo, type ComponentType, type SelectHTMLAttributes } from "react";

import { PhoneCountryArrow } from "./phone-country-arrow";

type CountryOption = { value?: Country; label: string };

type PhoneCountrySelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  value?: Country;
  options: CountryOption[];
  onChange: (country: Country | undefined) => void;
  iconComponent: ComponentType<{ "aria-hidden": boolean; country?: Country; label: string }>;
  readOnly?: boolean;
};

// "ZZ" is the library's International option: every <option> needs a string value.
const INTERNATIONAL = "ZZ";

/**
 * The phone library's country select (its own markup and classes), with the selected country's
 * calling code after the arrow. Memoised: the library renders its select again on every key, some
 * 250 options, though only a country choice changes it.
 */
export const PhoneCountrySelect = memo(function PhoneCountrySelect({
  value,
  options,
  onChange,
  iconComponent: Icon,
  disabled,
  readOnly,
  ...rest
}: PhoneCountrySelectProps) {
  const selected = options.find((option) => option.value === value);
  return (
    <div className="PhoneInputCountry">
      <select
        {...rest}
        disabled={disabled || readOnly}
        value={value ?? INTERNATIONAL}
        onChange={(event) => onChange(event.target.value === INTERNATIONAL ? undefined : (event.target.value as Country))}
        className="PhoneInputCountrySelect"
      >
        {options.map((option) => (
          <option key={option.value ?? INTERNATIONAL} value={option.value ?? INTERNATIONAL}>
            {option.label}
          </option>
        ))}
      </select>
      {selected && <Icon aria-hidden country={value} label={selected.label} />}
      <PhoneCountryArrow callingCode={value && getCountryCallingCode(value)} />
    </div>
  );
});
