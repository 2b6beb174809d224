"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";

import { controlId } from "@/lib/forms/use-lead-form";

import { controlClass, errorProps, FieldError, FieldLabel, type FieldProps } from "./field-parts";

/**
 * The budget dropdown as the WAI-ARIA select-only combobox: a click toggles it, an
 * outside press, Escape or a choice closes it; arrow keys, Home and End move, Enter or Space chooses.
 */
export function BudgetSelect({
  formId,
  name,
  field,
  value,
  messages,
  onChange,
}: FieldProps) {
  const options = field.options ?? [];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const id = controlId(formId, name);
  const labelId = `${id}-label`;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!open) {
      return;
    }
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function show() {
    setActive(Math.max(0, options.indexOf(value)));
    setOpen(true);
  }

  function choose(index: number) {
    const option = options[index];
    if (option !== undefined) {
      onChange(name, option);
    }
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      if (open) {
        setActive(moves[event.key]!);
      } else {
        show();
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (open) {
        choose(active);
      } else {
        show();
      }
    } else if (event.key === "Escape" && open) {
      // Only the list closes; a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Tab" && open) {
      setOpen(false);
    }
  }

  return (
    <div ref={root} className="relative">
      <FieldLabel id={labelId} required={field.required} markRequired={false}>
        {field.label}
      </FieldLabel>
      <div
        id={id}
        role="combobox"
        tabIndex={0}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-required={field.required}
        {...errorProps(formId, name, messages)}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onKeyDown}
        className={`${controlClass(Boolean(messages?.length))} flex cursor-pointer items-center justify-between gap-3 text-left select-none`}
      >
        <span className={value ? "" : "text-muted"}>{value || field.placeholder}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`}>
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-10 mt-2 overflow-hidden rounded-xl border border-navy/10 bg-white py-1 shadow-xl shadow-navy/15"
      >
        {options.map((option, index) => (
          <li
            key={option}
            id={optionId(index)}
            role="option"
            aria-selected={option === value}
            // Keeps focus on the combobox, so a choice never blurs it.
            onPointerDown={(event) => event.preventDefault()}
            onPointerMove={() => setActive(index)}
            onClick={() => choose(index)}
            className={`flex cursor-pointer items-center justify-between px-4 py-2.5 text-sm ${index === active ? "bg-surface text-navy" : "text-ink"}`}
          >
            {option}
            {option === value && (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-teal">
                <path d="m4.5 10.5 3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            )}
          </li>
        ))}
      </ul>
      <FieldError formId={formId} name={name} messages={messages} />
    </div>
  );
}
