import { afterEach, describe, expect, it, vi } from "vitest";

import { leadApiUrl, leadServiceUrl, maxBodyBytes, trustedProxyHops, turnstileSiteKey } from "./env";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("leadServiceUrl", () => {
  it("defaults to the local service when unset or blank", () => {
    vi.stubEnv("LEAD_SERVICE_URL", "");
    expect(leadServiceUrl()).toBe("http://127.0.0.1:5000");
    vi.stubEnv("LEAD_SERVICE_URL", "   ");
    expect(leadServiceUrl()).toBe("http://127.0.0.1:5000");
  });

  it("gives the origin, read again on every call", () => {
    vi.stubEnv("LEAD_SERVICE_URL", " http://lead-service:5000/ ");
    expect(leadServiceUrl()).toBe("http://lead-service:5000");
    vi.stubEnv("LEAD_SERVICE_URL", "https://leads.example.com");
    expect(leadServiceUrl()).toBe("https://leads.example.com");
  });

  it.each([
    ["not a URL", "127.0.0.1:5000", /absolute http\(s\) URL/],
    ["another scheme", "ftp://lead-service", /http or https/],
    ["a base path, which requests would drop", "http://lead-service:5000/api", /bare origin/],
    ["a query", "http://lead-service:5000/?x=1", /bare origin/],
    ["a password", "http://:secret@lead-service:5000", /bare origin/],
    ["a user name", "http://user@lead-service:5000", /bare origin/],
  ])("refuses %s", (_case, value, message) => {
    vi.stubEnv("LEAD_SERVICE_URL", value);
    expect(() => leadServiceUrl()).toThrow(message);
  });
});

describe("leadApiUrl", () => {
  it("is the same-origin path when NEXT_PUBLIC_LEAD_API_URL is unset", () => {
    vi.stubEnv("NEXT_PUBLIC_LEAD_API_URL", "");
    expect(leadApiUrl("/api/quote")).toBe("/api/quote");
  });

  it("prefixes the configured origin, without a doubled slash", () => {
    vi.stubEnv("NEXT_PUBLIC_LEAD_API_URL", "https://api.example.com//");
    expect(leadApiUrl("/api/quote")).toBe("https://api.example.com/api/quote");
  });
});

describe("maxBodyBytes", () => {
  it("defaults to 64 KiB, as the lead service does", () => {
    vi.stubEnv("MAX_BODY_BYTES", "");
    expect(maxBodyBytes()).toBe(65536);
  });

  it("reads a positive integer", () => {
    vi.stubEnv("MAX_BODY_BYTES", " 1024 ");
    expect(maxBodyBytes()).toBe(1024);
  });

  it.each(["0", "-5", "1.5", "ten"])("refuses %j", (value) => {
    vi.stubEnv("MAX_BODY_BYTES", value);
    expect(() => maxBodyBytes()).toThrow(/MAX_BODY_BYTES must be a positive integer/);
  });
});

describe("trustedProxyHops", () => {
  it("trusts no proxy by default", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "");
    expect(trustedProxyHops()).toBe(0);
  });

  it.each([
    ["0", 0],
    ["1", 1],
    [" 2 ", 2],
  ])("reads %j as %d", (value, hops) => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", value);
    expect(trustedProxyHops()).toBe(hops);
  });

  it.each(["-1", "1.5", "one", "1e1"])("refuses %j", (value) => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", value);
    expect(() => trustedProxyHops()).toThrow(/TRUSTED_PROXY_HOPS must be a non-negative integer/);
  });
});

describe("turnstileSiteKey", () => {
  it("is off when unset or blank, and the trimmed key otherwise", () => {
    vi.stubEnv("NEXT_PUBLIC_TURNSTILE_SITE_KEY", " ");
    expect(turnstileSiteKey()).toBeUndefined();
    vi.stubEnv("NEXT_PUBLIC_TURNSTILE_SITE_KEY", " 0x4AAAAAAA ");
    expect(turnstileSiteKey()).toBe("0x4AAAAAAA");
  });
});
