import { afterEach, describe, expect, it, vi } from "vitest";

import { servedOn, sideOf } from "./origin";

afterEach(() => {
  vi.unstubAllEnvs();
});

const host = (value?: string) => new Headers(value === undefined ? {} : { host: value });

describe("sideOf", () => {
  it("is both when the inbox shares the site's origin", () => {
    vi.stubEnv("INBOX_URL", "");
    expect(sideOf(host("inbox.example.com"))).toBe("both");
  });

  it("is the inbox on the inbox's host name, whatever the port or case", () => {
    vi.stubEnv("INBOX_URL", "https://inbox.example.com");
    expect(sideOf(host("inbox.example.com"))).toBe("inbox");
    expect(sideOf(host("INBOX.example.com:8443"))).toBe("inbox");
  });

  it.each([["www.example.com"], ["inbox.example.com.evil.example"], ["evil.example/inbox.example.com"], [""], [undefined]])(
    "is public on %s",
    (value) => {
      vi.stubEnv("INBOX_URL", "https://inbox.example.com");
      expect(sideOf(host(value))).toBe("public");
    },
  );

  it("tells an IPv6 address apart", () => {
    vi.stubEnv("INBOX_URL", "http://[::1]:3000");
    expect(sideOf(host("[::1]:3000"))).toBe("inbox");
    expect(sideOf(host("127.0.0.1:3000"))).toBe("public");
  });

  it("refuses an INBOX_URL that is not a bare origin", () => {
    vi.stubEnv("INBOX_URL", "https://inbox.example.com/inbox");
    expect(() => sideOf(host("inbox.example.com"))).toThrow(/bare origin/);
  });
});

describe("servedOn", () => {
  const inbox = ["/inbox", "/inbox/login", "/inbox/leads/3", "/api/inbox/session"];
  const site = ["/", "/services/8", "/api/contact", "/api/inbox", "/inboxes", "/blog"];

  it("serves the inbox's paths on the inbox's side alone", () => {
    expect(inbox.map((path) => [servedOn("inbox", path), servedOn("public", path)])).toEqual(inbox.map(() => [true, false]));
  });

  it("serves the site's paths on the public side alone", () => {
    expect(site.map((path) => [servedOn("inbox", path), servedOn("public", path)])).toEqual(site.map(() => [false, true]));
  });

  it("serves everything on one origin for both", () => {
    expect([...inbox, ...site].every((path) => servedOn("both", path))).toBe(true);
  });
});
