"use client";

import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

import type { DefaultPhoneCountry } from "@/lib/forms/default-phone-country";
import { controlId } from "@/lib/forms/use-lead-form";
import { useTypingPause } from "@/lib/forms/use-typing-pause";

import { errorProps, FieldError, FieldLabel, type FieldProps } from "./field-parts";
import { flagUrl } from "./flag-url";
import { PhoneCountryArrow } from "./phone-country-arrow";

const loadPhoneInput = () => import("./phone-number-input");
type PhoneInputModule = Awaited<ReturnType<typeof loadPhoneInput>>;

// How long the plain field goes without a key before the library's work starts: longer than the
// gap between a quick typist's keys.
const TYPING_PAUSE_MS = 500;

const inputClassName = "min-w-0 flex-1 bg-transparent py-3 text-base text-ink outline-none placeholder:text-muted/80";

/**
 * The quote form's international phone field. Its HTML is in the server page at once (a plain field
 * with the default country's flag, drawn in the page, and its calling code, as the library shows
 * them), and the phone library, some 48 kB, arrives when the visitor reaches for this field (a
 * pointer over it, a touch or focus in it), then takes over with what was typed, the focus and the
 * caret. Not at idle, nor when the visitor reaches for another field: starting the library is a long
 * task, and one that lands on a press or a keystroke elsewhere in the form delays what that press
 * shows. For the same reason, its steps wait for a pause in the visitor's typing in this field: its
 * script's start, its first render (the country names sorted, some 250 options made) and the
 * take-over each take 60 to 130 ms on a slow phone, long enough to hold a key back visibly.
 *
 * The library is drawn first, hidden, in a render that the visitor's keys interrupt. The take-over
 * is then one task: the plain field is read, the drawn library shown in its place (flushSync) and
 * handed the text, the focus and the caret before the browser handles another key, so a key pressed
 * at any moment lands in one of the two fields and is carried over. Never in the middle of an input
 * method's composition, which the swap would cut short: it waits for the composition's end.
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
}: FieldProps & { defaultCountry: DefaultPhoneCountry; onCountryChange: (country: string) => void }) {
  const id = controlId(formId, name);
  // The library, drawn hidden once it has arrived; `tookOver` once it shows instead.
  const [library, setLibrary] = useState<PhoneInputModule | null>(null);
  const [tookOver, setTookOver] = useState(false);
  const asked = useRef(false);
  const composing = useRef(false);
  // The library was drawn during a composition: it takes over once the composition ends.
  const waiting = useRef(false);
  // The library is being handed the plain field's text: its change is the page's, not the visitor's,
  // and leaves an error under the field on screen.
  const carrying = useRef(false);
  const { typing, afterPause } = useTypingPause(TYPING_PAUSE_MS);

  const takeOver = useCallback(() => {
    if (!library) return;
    if (composing.current) {
      waiting.current = true;
      return;
    }
    const plain = document.getElementById(id);
    const typed = plain instanceof HTMLInputElement ? library.readTyped(plain) : null;
    flushSync(() => setTookOver(true));
    const input = document.getElementById(id);
    if (typed && input instanceof HTMLInputElement) {
      carrying.current = true;
      library.carryOver(input, typed);
      carrying.current = false;
    }
  }, [id, library]);

  // The visitor's intent: a pointer over the field, a touch or focus in it. The first one asks.
  function load() {
    if (asked.current) return;
    asked.current = true;
    // The library draws the flag from its file: asked for beside the library, it is there when the
    // library is, and the flag never blinks out at the take-over.
    new Image().src = flagUrl(defaultCountry.iso2);
    typing(); // reaching for the field, the visitor is about to type
    afterPause(() => void loadPhoneInput().then((loaded) => startTransition(() => setLibrary(loaded))));
  }

  // Once the hidden library is on the page, in a pause of its own: keys pressed until then were
  // answered by the plain field, whose text is read at the take-over.
  useEffect(() => {
    if (!library || tookOver) return;
    afterPause(takeOver);
  }, [library, tookOver, takeOver, afterPause]);

  function endComposition() {
    composing.current = false;
    // After the composition's last input event has reached the form.
    if (waiting.current) {
      waiting.current = false;
      afterPause(takeOver);
    }
  }

  const invalid = Boolean(messages?.length);
  const ariaProps = { "aria-required": field.required, ...errorProps(formId, name, messages) };
  return (
    <div onPointerEnter={load} onTouchStart={load} onFocus={load}>
      <FieldLabel htmlFor={id} required={field.required} markRequired={false}>
        {field.label}
      </FieldLabel>
      <div
        data-phone-field={tookOver ? "ready" : "pending"}
        className={`rounded-xl border bg-white px-4 focus-within:outline-2 focus-within:outline-amber ${invalid ? "border-coral" : "border-navy/15"}`}
      >
        {library && (
          // Hidden, it has neither the field's id nor its name: the plain field still holds both.
          <div hidden={!tookOver}>
            <library.PhoneNumberInput
              id={tookOver ? id : undefined}
              name={tookOver ? name : undefined}
              value={value}
              defaultCountry={defaultCountry.iso2}
              inputClassName={inputClassName}
              ariaProps={ariaProps}
              onChange={(next) => onChange(name, next, !carrying.current)}
              onCountryChange={onCountryChange}
            />
          </div>
        )}
        {!tookOver && (
          <div className="PhoneInput">
            <div className="PhoneInputCountry" aria-hidden="true">
              <div className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
                {/* The library's own markup for its flag, an SVG, until the library takes over. */}
                {/* eslint-disable-next-line @next/next/no-img-element -- the library's markup, as it draws it */}
                <img className="PhoneInputCountryIconImg" src={defaultCountry.flag} alt="" />
              </div>
              <PhoneCountryArrow callingCode={defaultCountry.dialCode} />
            </div>
            <input
              id={id}
              name={name}
              type="tel"
              autoComplete="tel"
              value={value}
              onChange={(event) => {
                typing();
                onChange(name, event.target.value);
              }}
              onCompositionStart={() => (composing.current = true)}
              onCompositionEnd={endComposition}
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
