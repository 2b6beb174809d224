import { describe, expect, it } from "vitest";

// Relative: vitest runs without the "@/" alias, which config.ts's imports need.
import { getForms } from "../content";
import type { FormConfig } from "./config";
import { validate, type FormValues } from "./rules";

// The contact form as formConfig hands it over: one-line fields and a textarea, the rules from forms.json.
const forms = getForms();
const { messages } = forms;
const contact = forms.forms.contact;
const config: FormConfig = {
  ...contact,
  name: "contact",
  url: contact.endpoint,
  fields: Object.entries(contact.fields).filter(([, field]) => field.type !== "hidden"),
  patterns: forms.patterns,
  characters: forms.characters,
  attribution: forms.attribution,
  messages,
  honeypotField: forms.honeypotField,
  fallbackEmail: "sales@example.com",
};
// Each test changes one value of a lead that passes.
const lead: FormValues = {
  name: "Ayesha Rahman",
  company: "Tidewell",
  email: "ayesha@example.com",
  phone: "+8801712345678",
  message: "We need a new website.",
};

describe("validate's character rule", () => {
  it("passes a plain lead", () => {
    expect(validate(config, lead)).toEqual({});
  });

  it.each(["Ayesha\nRahman", "Ayesha\u2028Rahman", "Ayesha \u202eRahman"])(
    "refuses %j in a one-line field with the one-line message",
    (name) => {
      expect(validate(config, { ...lead, name })).toEqual({ name: [messages.singleLine] });
    },
  );

  it("keeps a textarea's line breaks and tabs", () => {
    expect(validate(config, { ...lead, message: "Two lines:\r\n\tindented" })).toEqual({});
  });

  it("refuses other controls in a textarea with the invalid-characters message", () => {
    expect(validate(config, { ...lead, message: "Ring\u0007" })).toEqual({ message: [messages.invalidCharacters] });
  });

  it("refuses half a surrogate pair, which is not valid Unicode, as the service does", () => {
    expect(validate(config, { ...lead, message: "Broken \ud800" })).toEqual({ message: [messages.invalidCharacters] });
  });

  it("shows the character message before the length and pattern ones", () => {
    const email = `${"a".repeat(300)}\n@example.com`;
    expect(validate(config, { ...lead, email })).toEqual({ email: [messages.singleLine] });
  });
});
