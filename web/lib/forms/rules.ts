import type { AttributionValue, FormField } from "@/lib/content";

import type { FormConfig } from "./config";

export type FormValues = Record<string, string>;
/** Field name to its messages, the shape the lead service answers a 400 with. */
export type FieldErrors = Record<string, string[]>;

// In a "u" expression a surrogate range matches only an unpaired half, which is not valid Unicode.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

type CharacterRules = Pick<FormConfig, "characters" | "messages">;
type AttributionRules = CharacterRules & Pick<FormConfig, "patterns" | "attribution">;

/** The character rule's message, or undefined: a textarea keeps its line breaks, every other field is one line. */
function characterError(config: CharacterRules, field: FormField, value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) {
    return config.messages.invalidCharacters;
  }
  const [rule, message] =
    field.type === "textarea"
      ? [config.characters.multiLine, config.messages.invalidCharacters]
      : [config.characters.singleLine, config.messages.singleLine];
  return new RegExp(rule.source, rule.flags).test(value) ? message : undefined;
}

/** The first rule the value breaks, in the lead service's order, so both show the same one message. */
function fieldError(config: FormConfig, field: FormField, value: string): string | undefined {
  if (value === "") {
    return field.required ? field.messages.required : undefined;
  }
  const characters = characterError(config, field, value);
  if (characters) {
    return characters;
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

/** The rules of forms.json, checked as the lead service checks them: on trimmed values. */
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

function keepsRule(config: AttributionRules, rule: AttributionValue, value: string): boolean {
  if (!value || value.length > rule.maxLength || characterError(config, { type: "text" } as FormField, value)) {
    return false;
  }
  const pattern = rule.pattern === undefined ? undefined : config.patterns[rule.pattern];
  return !pattern || new RegExp(pattern.source, pattern.flags).test(value);
}

/**
 * The visit's stored first touch as the lead service accepts it: each value that keeps its rule, the
 * rest dropped, since a visitor could not correct what a link put in the address; undefined when
 * nothing is left.
 */
export function attributionOf(config: AttributionRules, stored: unknown): FormValues | undefined {
  if (typeof stored !== "object" || stored === null) {
    return undefined;
  }
  const kept = Object.entries(config.attribution).flatMap(([key, rule]) => {
    const value = (stored as Record<string, unknown>)[key];
    return typeof value === "string" && keepsRule(config, rule, value.trim()) ? [[key, value.trim()]] : [];
  });
  return kept.length ? Object.fromEntries(kept) : undefined;
}
