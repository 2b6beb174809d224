import { describe, expect, it } from "vitest";

// Relative: vitest runs without the "@/" alias, which config.ts's imports need.
import { getForms } from "../content";
import type { FormConfig } from "./config";
import { attributionOf } from "./rules";

// What a form hands attributionOf: forms.json's attribution rules, and the patterns they name.
const forms = getForms();
const config: Pick<FormConfig, "patterns" | "characters" | "attribution" | "messages"> = {
  patterns: forms.patterns,
  characters: forms.characters,
  attribution: forms.attribution,
  messages: forms.messages,
};

describe("attributionOf", () => {
  it("sends every value that keeps its rule, trimmed", () => {
    const stored = { utm_source: " newsletter ", utm_campaign: "launch", referrer_host: "News.Example.org:8443", landing_path: "/services" };
    expect(attributionOf(config, stored)).toEqual({
      utm_source: "newsletter",
      utm_campaign: "launch",
      referrer_host: "News.Example.org:8443",
      landing_path: "/services",
    });
  });

  it("drops what the lead service would refuse, rather than the lead", () => {
    const stored = {
      utm_source: "news\nletter",
      utm_medium: "\u202Eliame",
      utm_campaign: "x".repeat(forms.attribution.utm_campaign.maxLength + 1),
      utm_term: 42,
      referrer_host: "[::1]:3000",
      landing_path: "no-slash",
      utm_content: "kept",
      unknown_key: "ignored",
    };
    expect(attributionOf(config, stored)).toEqual({ utm_content: "kept" });
  });

  it("sends nothing when nothing is kept or nothing can be read", () => {
    for (const stored of [null, "text", 7, {}, { utm_source: " " }]) {
      expect(attributionOf(config, stored)).toBeUndefined();
    }
  });
});
