"use client";

import { useState } from "react";

import type { ConsentTexts } from "@/lib/content";
import type { OptionalConsent } from "@/lib/consent/choice";

import { ModalDialog } from "../ui/modal-dialog";
import { choiceButtonClass } from "./consent-banner";

function Switch({
  name,
  category,
  checked,
  disabled = false,
  note,
  onChange,
}: {
  name: string;
  category: ConsentTexts["categories"]["essential"];
  checked: boolean;
  disabled?: boolean;
  note?: string;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <li className="flex items-start justify-between gap-6 border-t border-navy/10 py-4">
      <div>
        <label htmlFor={`consent-${name}`} className="font-semibold text-navy">
          {category.label}
        </label>
        <p id={`consent-${name}-description`} className="mt-1 text-sm leading-relaxed">
          {category.description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {note && <span className="text-xs font-semibold text-teal-700">{note}</span>}
        <input
          id={`consent-${name}`}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={`consent-${name}-description`}
          onChange={(event) => onChange?.(event.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-navy/25 transition before:block before:size-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-teal checked:before:translate-x-5.5 disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none motion-reduce:before:transition-none"
        />
      </div>
    </li>
  );
}

/**
 * Manage Cookie Preferences: a switch per category, essential shown as always on.
 * Cancel closes it and changes nothing; Save Preferences saves what the switches say.
 */
export function ConsentPreferences({
  texts,
  open,
  initial,
  onCancel,
  onSave,
}: {
  texts: Pick<ConsentTexts, "dialog" | "categories">;
  open: boolean;
  initial: OptionalConsent;
  onCancel: () => void;
  onSave: (flags: OptionalConsent) => void;
}) {
  const [flags, setFlags] = useState(initial);
  const { dialog, categories } = texts;
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy="consent-dialog-title" className="max-w-xl">
      <div data-consent-dialog className="p-6 sm:p-8">
        <h2 id="consent-dialog-title" className="text-2xl font-bold text-navy">
          {dialog.title}
        </h2>
        <p className="mt-2 mb-4 text-sm leading-relaxed">{dialog.intro}</p>
        <ul>
          <Switch name="essential" category={categories.essential} checked disabled note={dialog.alwaysOn} />
          {(["analytics", "marketing"] as const).map((name) => (
            <Switch
              key={name}
              name={name}
              category={categories[name]}
              checked={flags[name]}
              onChange={(checked) => setFlags((current) => ({ ...current, [name]: checked }))}
            />
          ))}
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} className={choiceButtonClass}>
            {dialog.cancel}
          </button>
          <button type="button" data-autofocus onClick={() => onSave(flags)} className={choiceButtonClass}>
            {dialog.save}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
