import { describe, expect, it } from "vitest";

import { contactHref } from "./contact-links";

describe("contactHref", () => {
  it("links a plain address and a phone number", () => {
    expect(contactHref("email", "mina@harbor.io")).toBe("mailto:mina@harbor.io");
    expect(contactHref("phone", "+60 12-345 6789")).toBe("tel:+60123456789");
    expect(contactHref("phone", "(202) 555-0100")).toBe("tel:2025550100");
  });

  it("leaves anything a link could be bent by as text", () => {
    for (const value of [
      "mina@harbor.io?cc=boss@x.example",
      "mina@harbor.io&body=hi",
      "a b@harbor.io",
      "javascript:alert(1)//@x.io",
      "mina@localhost",
      "",
    ]) {
      expect(contactHref("email", value)).toBeUndefined();
    }
    expect(contactHref("phone", "+1 555 0100; call me")).toBeUndefined();
    expect(contactHref("phone", "12")).toBeUndefined();
    expect(contactHref("name", "mina@harbor.io")).toBeUndefined();
    expect(contactHref("email", null)).toBeUndefined();
  });
});
