import { getForms, getSite, type Form, type FormField, type FormPattern, type FormsContent } from "@/lib/content";
import { leadApiUrl, turnstileSiteKey } from "@/lib/env";

export type FormName = keyof FormsContent["forms"];

/** Fields the form fills in itself rather than asking the visitor for. */
const AUTOMATIC_FIELDS: ReadonlySet<FormField["type"]> = new Set(["hidden", "country", "phone-country"]);

/**
 * Everything a lead form needs in the browser, as plain props: the server reads forms.json through the
 * content loader and hands each form only its own part, so no content file or validator ships as JavaScript.
 */
export type FormConfig = Pick<Form, "endpoint" | "title" | "submit" | "success"> & {
  name: FormName;
  /** Where the browser posts it: `endpoint`, or the same path on NEXT_PUBLIC_LEAD_API_URL. */
  url: string;
  /** The fields the visitor fills, in the order they are shown and checked. */
  fields: [string, FormField][];
  patterns: Record<string, FormPattern>;
  /** What a one-line field and a textarea refuse (every form has both kinds). */
  characters: FormsContent["characters"];
  /** The rules of the first-touch attribution a lead carries with analytics consent. */
  attribution: FormsContent["attribution"];
  messages: Pick<FormsContent["messages"], "maxLength" | "singleLine" | "invalidCharacters" | "checkFields" | "failure" | "offline">;
  honeypotField: string;
  /** Cloudflare Turnstile, when the site is built with its site key. */
  turnstile?: { siteKey: string; field: string; message: string };
  /** The address the failure message offers instead. */
  fallbackEmail: string;
  /** The field naming the country the phone was typed in, and the country a form without a
   * country list (or before its list has loaded) types it in. */
  phoneCountry?: { field: string; default: string };
};

export function formConfig(name: FormName): FormConfig {
  const forms = getForms();
  const { endpoint, title, submit, success, fields } = forms.forms[name];
  const asked = Object.entries(fields).filter(([, field]) => !AUTOMATIC_FIELDS.has(field.type));
  const rules = [...asked.map(([, field]) => field), ...Object.values(forms.attribution)];
  const patternNames = new Set(rules.flatMap((rule) => (rule.pattern ? [rule.pattern] : [])));
  const { maxLength, singleLine, invalidCharacters, checkFields, failure, offline } = forms.messages;
  return {
    name,
    endpoint,
    url: leadApiUrl(endpoint),
    title,
    submit,
    success,
    fields: asked,
    patterns: Object.fromEntries(Object.entries(forms.patterns).filter(([key]) => patternNames.has(key))),
    characters: forms.characters,
    attribution: forms.attribution,
    messages: { maxLength, singleLine, invalidCharacters, checkFields, failure, offline },
    honeypotField: forms.honeypotField,
    ...turnstile(forms),
    fallbackEmail: getSite().contact.generalEmail,
    ...phoneCountry(forms, fields),
  };
}

function phoneCountry(forms: FormsContent, fields: Form["fields"]): Pick<FormConfig, "phoneCountry"> {
  const field = Object.entries(fields).find(([, spec]) => spec.type === "phone-country")?.[0];
  return field ? { phoneCountry: { field, default: forms.defaultPhoneCountry.iso2 } } : {};
}

function turnstile(forms: FormsContent): Pick<FormConfig, "turnstile"> {
  const siteKey = turnstileSiteKey();
  return siteKey ? { turnstile: { siteKey, field: forms.turnstileField, message: forms.messages.turnstile } } : {};
}
