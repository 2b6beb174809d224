"use client";

import { parseIncompletePhoneNumber } from "libphonenumber-js/core";
import PhoneInput, { type Country } from "react-phone-number-input";
import labels from "react-phone-number-input/locale/en";
import type { AriaAttributes } from "react";

import { useUndoHistory } from "@/lib/forms/use-undo-history";

import { flagUrl } from "./flag-url";
import { PhoneCountrySelect } from "./phone-country-select";

export type PhoneNumberInputProps = {
  /** The field's id and name; none while the input is drawn hidden, before it takes over. */
  id?: string;
  name?: string;
  /** E.164 ("+8801712345678"), or "" (or, for the moment of the take-over, what the plain field held). */
  value: string;
  defaultCountry: string;
  inputClassName: string;
  ariaProps: AriaAttributes;
  onChange: (value: string) => void;
  /** The selected country's ISO 3166 code, "" when none is selected. */
  onCountryChange: (country: string) => void;
};

const isE164 = (value: string) => /^\+\d+$/.test(value);

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
  // Only the library's own values are entries: the plain field's text, restored, would empty it.
  const onKeyDown = useUndoHistory(isE164(value) ? value : "", onChange);

  return (
    <PhoneInput
      id={id}
      name={name}
      autoComplete="tel"
      value={isE164(value) ? value : undefined}
      onChange={(next) => onChange(next ?? "")}
      defaultCountry={defaultCountry as Country}
      onCountryChange={(next) => onCountryChange(next ?? "")}
      labels={labels}
      flagUrl={flagUrl("{XX}")}
      countrySelectComponent={PhoneCountrySelect}
      onKeyDown={onKeyDown}
      numberInputProps={{ className: inputClassName }}
      {...ariaProps}
    />
  );
}

/** What the visitor left in the plain field that this input takes over. */
export type Typed = {
  text: string;
  selectionStart: number;
  selectionEnd: number;
  selectionDirection: "forward" | "backward" | "none";
  focused: boolean;
};

export function readTyped(input: HTMLInputElement): Typed {
  return {
    text: input.value,
    selectionStart: input.selectionStart ?? input.value.length,
    selectionEnd: input.selectionEnd ?? input.value.length,
    selectionDirection: input.selectionDirection ?? "none",
    focused: document.activeElement === input,
  };
}

/** How many of the number's characters (its digits, and a leading plus) come before `position`. */
const numberCharactersBefore = (text: string, position: number) => parseIncompletePhoneNumber(text.slice(0, position)).length;

/** The position in `text` just after its first `count` number characters. */
function positionAfter(text: string, count: number): number {
  let position = 0;
  while (position < text.length && numberCharactersBefore(text, position) < count) position += 1;
  return position;
}

/**
 * Gives this input, just rendered in the plain field's place, what the visitor left there, in the
 * same task, so no key can fall between the two fields. The text goes through the library's own
 * input handler, the path of a key or a paste, so it is read and formatted as if typed here; then
 * the caret, or the selection, goes back around the same characters of the number.
 */
export function carryOver(input: HTMLInputElement, typed: Typed): void {
  if (typed.focused) input.focus({ preventScroll: true });
  if (typed.text) {
    // React remembers the value it last wrote to the field and ignores an input event that leaves it
    // so; the prototype's setter writes past that record, so the library sees the text arrive.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, typed.text);
    if (typed.focused) input.setSelectionRange(typed.selectionEnd, typed.selectionEnd);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  if (!typed.focused) return;
  const shown = input.value;
  const start = positionAfter(shown, numberCharactersBefore(typed.text, typed.selectionStart));
  const end = positionAfter(shown, numberCharactersBefore(typed.text, typed.selectionEnd));
  const select = () => input.setSelectionRange(start, end, typed.selectionDirection);
  select();
  // On Android the library puts its caret down a task later (for Android's keyboards), which would
  // collapse a selection: it goes back after that, unless the visitor has typed or moved on since.
  if (start !== end) {
    setTimeout(() => {
      if (input.value === shown && document.activeElement === input) select();
    });
  }
}
