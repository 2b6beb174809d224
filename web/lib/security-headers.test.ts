import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, securityHeaders, type PolicyInputs } from "./security-headers";

const bare: PolicyInputs = { schedulingUrl: "https://calendly.example/tidewell/demo", tags: false, turnstile: false };

/** The policy as {directive: sources}. */
function directives(inputs: PolicyInputs): Record<string, string[]> {
  return Object.fromEntries(
    contentSecurityPolicy(inputs)
      .split("; ")
      .map((directive) => {
        const [name = "", ...sources] = directive.split(" ");
        return [name, sources];
      }),
  );
}

describe("contentSecurityPolicy", () => {
  it("holds everything to this origin, frames only the scheduling page and is framed by nothing", () => {
    const policy = directives(bare);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(["https://calendly.example"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
  });

  it("names each third party only when it is configured", () => {
    const policy = directives({ ...bare, tags: true, turnstile: true, leadApiUrl: "https://leads.example/api" });
    expect(policy["script-src"]).toContain("https://*.googletagmanager.com");
    expect(policy["script-src"]).toContain("https://challenges.cloudflare.com");
    expect(policy["frame-src"]).toContain("https://challenges.cloudflare.com");
    expect(policy["connect-src"]).toContain("https://leads.example");
    expect(policy["connect-src"]).toContain("https://*.google-analytics.com");
    expect(policy["img-src"]).toContain("https://*.google-analytics.com");
  });
});

describe("securityHeaders", () => {
  it("sends the policy first, then the fixed headers, each once", () => {
    const headers = securityHeaders(bare);
    expect(headers[0]).toEqual({ key: "Content-Security-Policy", value: contentSecurityPolicy(bare) });
    const keys = headers.map((header) => header.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"]));
  });
});
