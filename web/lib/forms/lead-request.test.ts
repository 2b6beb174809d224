import { describe, expect, it } from "vitest";

import type { FormConfig } from "./config";
import { fixableFields, leadOf, leadRequest } from "./lead-request";

const config = {
  name: "contact",
  endpoint: "/api/contact",
  honeypotField: "website",
  fields: [
    ["name", { type: "text" }],
    ["email", { type: "email" }],
  ],
} as unknown as FormConfig;
const keys = () => {
  let count = 0;
  return () => `key-${++count}`;
};

describe("leadOf", () => {
  it("trims the values and adds the page, the form and the honeypot", () => {
    expect(leadOf(config, { name: "  Rahim ", email: "r@example.com\n" }, undefined, "/company", "")).toEqual({
      name: "Rahim",
      email: "r@example.com",
      page: "/company",
      form: "contact",
      website: "",
    });
  });

  it("sends the country the phone was typed in: the list's, else the form's default", () => {
    const phoned = { ...config, phoneCountry: { field: "phoneCountry", default: "BD" } } as FormConfig;
    expect(leadOf(phoned, { name: "Rahim" }, undefined, "/", "").phoneCountry).toBe("BD");
    expect(leadOf(phoned, { name: "Rahim" }, "", "/", "").phoneCountry).toBe("BD");
    expect(leadOf(phoned, { name: "Rahim" }, "MY", "/", "").phoneCountry).toBe("MY");
  });

  it("names the form only where one endpoint serves two, and keeps what a bot typed in the trap", () => {
    const quote = { ...config, name: "quote", endpoint: "/api/quote" } as FormConfig;
    const lead = leadOf(quote, { name: "Bot" }, undefined, "/", "http://spam.example");
    expect(lead).not.toHaveProperty("form");
    expect(lead.website).toBe("http://spam.example");
    expect(leadOf(quote, {}, undefined, "/", null).website).toBe("");
  });
});

describe("leadRequest", () => {
  const lead = { name: "Rahim", email: "r@example.com" };

  it("tries the last submission again as it was sent, with its key, and makes a new one without", () => {
    const newKey = keys();
    const first = leadRequest(() => lead, undefined, newKey);
    expect(first).toEqual({ body: JSON.stringify(lead), attempt: { body: JSON.stringify(lead), key: "key-1" } });
    // The page has reformatted the phone since: the same submission is sent, byte for byte.
    const again = leadRequest(() => ({ ...lead, phone: "+8801712345678" }), first.attempt, newKey);
    expect(again).toEqual(first);
    expect(leadRequest(() => ({ ...lead, name: "Rahim U" }), undefined, newKey).attempt.key).toBe("key-2");
  });

  it("sends the Turnstile token without letting it make a retry a new submission", () => {
    const newKey = keys();
    const first = leadRequest(() => lead, undefined, newKey, { field: "turnstile", token: "t1" });
    const retry = leadRequest(() => lead, first.attempt, newKey, { field: "turnstile", token: "t2" });
    expect(JSON.parse(retry.body)).toEqual({ ...lead, turnstile: "t2" });
    expect(retry.attempt).toEqual(first.attempt);
  });
});

describe("fixableFields", () => {
  it("is the form's fields, and Turnstile's when it is on", () => {
    expect(fixableFields(config)).toEqual(["name", "email"]);
    const withTurnstile = { ...config, turnstile: { siteKey: "k", field: "turnstile", message: "m" } } as FormConfig;
    expect(fixableFields(withTurnstile)).toEqual(["name", "email", "turnstile"]);
  });
});
