import { describe, expect, it } from "vitest";

// Relative: vitest runs without the "@/" alias, which config.ts's imports need.
import { getForms } from "../content";
import type { FormConfig, FormName } from "./config";
import { validate, type FormValues } from "./rules";

// The required, length, pattern and option rules of forms.json (rules-characters.test.ts has the character rules),
// on each form as formConfig hands it over: the fields the visitor fills, the rules from forms.json.
const forms = getForms();
const { messages } = forms;

function config(name: FormName): FormConfig {
  const form = forms.forms[name];
  return {
    ...form,
    name,
    url: form.endpoint,
    fields: Object.entries(form.fields).filter(([, field]) => !["hidden", "country", "phone-country"].includes(field.type)),
    patterns: forms.patterns,
    characters: forms.characters,
    attribution: forms.attribution,
    messages,
    honeypotField: forms.honeypotField,
    fallbackEmail: "sales@example.com",
  };
}

const contact = config("contact");
const caseStudies = config("caseStudiesContact");
const quote = config("quote");

const contactLead: FormValues = {
  name: "Ayesha Rahman",
  company: "Tidewell",
  email: "ayesha@example.com",
  phone: "+8801712345678",
  message: "We need a new website.",
};
const quoteLead: FormValues = {
  name: "Farah Iqbal",
  email: "farah@lumen.example",
  phone: "+8801812345678",
  budget: "5000$ - 10000$ Estimated",
  project: "An LMS for our nursing college",
};

describe("required fields", () => {
  it("gives each empty field of the header contact form its own message", () => {
    expect(validate(contact, {})).toEqual({
      name: ["Name is required"],
      company: ["Company Name is required"],
      email: ["Email is required"],
      phone: ["Phone number is required"],
      message: ["Message is required"],
    });
  });

  it("counts a value of spaces and line breaks as empty", () => {
    expect(validate(contact, { ...contactLead, name: "   ", message: " \n\t " })).toEqual({
      name: ["Name is required"],
      message: ["Message is required"],
    });
  });

  it("gives every empty quote field the same one message", () => {
    const required = ["This field is required"];
    expect(validate(quote, {})).toEqual({
      name: required,
      email: required,
      phone: required,
      budget: required,
      project: required,
    });
  });

  it("lets the case-studies form go without company and phone, not without name, email and message", () => {
    expect(validate(caseStudies, { name: "Grace", email: "grace@example.com", message: "Hello" })).toEqual({});
    expect(validate(caseStudies, { company: "Tidewell", phone: "+8801712345678" })).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      message: ["Message is required"],
    });
  });
});

describe("length", () => {
  it("allows the field's maximum, on the trimmed value", () => {
    expect(validate(contact, { ...contactLead, name: ` ${"a".repeat(100)} ` })).toEqual({});
  });

  it("refuses one character more with the maximum in the message", () => {
    expect(validate(contact, { ...contactLead, name: "a".repeat(101) })).toEqual({
      name: ["Please keep this under 100 characters."],
    });
    expect(validate(quote, { ...quoteLead, project: "a".repeat(5001) })).toEqual({
      project: ["Please keep this under 5000 characters."],
    });
  });

  it("shows the length message before the pattern one", () => {
    const email = `${"a".repeat(250)}@example`;
    expect(validate(contact, { ...contactLead, email })).toEqual({ email: ["Please keep this under 254 characters."] });
  });
});

describe("the header contact form's email pattern", () => {
  it.each(["ayesha@example.com", "AYESHA@EXAMPLE.COM", "a.b_c%d+e-f@mail.example.info", "  ayesha@example.io  "])(
    "accepts %j",
    (email) => {
      expect(validate(contact, { ...contactLead, email })).toEqual({});
    },
  );

  it.each([
    "ayesha",
    "ayesha@example",
    "ayesha@example.c",
    "ayesha@example.museum",
    "ayesha@example.c0m",
    "ayesha @example.com",
    "ayesha@exa_mple.com",
    "ayesha@@example.com",
  ])("refuses %j with 'Invalid email address'", (email) => {
    expect(validate(contact, { ...contactLead, email })).toEqual({ email: ["Invalid email address"] });
  });
});

describe("other forms' email rules", () => {
  it("checks the quote email as the browser's email input does: an address erasure can find", () => {
    expect(validate(quote, { ...quoteLead, email: "arif@kite" })).toEqual({});
    expect(validate(quote, { ...quoteLead, email: "arif at kite" })).toEqual({ email: ["Invalid email address"] });
  });

  it("checks the case-studies email as the browser's email input does", () => {
    const lead = { name: "Grace", message: "Hello" };
    expect(validate(caseStudies, { ...lead, email: "grace@localhost" })).toEqual({});
    expect(validate(caseStudies, { ...lead, email: "grace@" })).toEqual({ email: ["Invalid email address"] });
  });
});

describe("the quote form's budget", () => {
  it.each(forms.forms.quote.fields.budget?.options ?? [])("accepts the listed budget %j", (budget) => {
    expect(validate(quote, { ...quoteLead, budget })).toEqual({});
  });

  it("keeps the first budget's text verbatim", () => {
    expect(validate(quote, { ...quoteLead, budget: "500$ - 1000$ Esmtimated" })).toEqual({});
    expect(validate(quote, { ...quoteLead, budget: "500$ - 1000$ Estimated" })).toEqual({
      budget: ["Choose one of the listed budgets."],
    });
  });

  it.each(["1$", "5000$ - 10000$ estimated", "More than 10000$"])("refuses %j, which is not listed", (budget) => {
    expect(validate(quote, { ...quoteLead, budget })).toEqual({ budget: ["Choose one of the listed budgets."] });
  });
});
