import { describe, expect, it } from "vitest";

import { afterSignIn, inboxPaths, isInboxPath, leadId, loginPath, movedKind } from "./paths";

describe("afterSignIn", () => {
  it.each(["/inbox", "/inbox?form=quote&q=ann", "/inbox/audit?action=search", "/inbox/leads/7"])(
    "returns to the inbox page %j",
    (next) => {
      expect(afterSignIn(next)).toBe(next);
    },
  );

  it.each([
    undefined,
    null,
    "",
    "https://evil.example/inbox",
    "//evil.example/inbox",
    "/\\evil.example",
    "/inbox\\@evil.example",
    "/inboxes",
    "/inbox/../team",
    "/inbox/%2e%2e/team",
    " /inbox",
    "/inbox?q=a b",
    "javascript:alert(1)",
    "/inbox/login",
    "/inbox/login?next=/inbox",
    "/team",
  ])("goes to the list instead of %j", (next) => {
    expect(afterSignIn(next)).toBe(inboxPaths.leads);
  });
});

describe("loginPath", () => {
  it("remembers a view to return to", () => {
    expect(loginPath("/inbox?form=quote")).toBe("/inbox/login?next=%2Finbox%3Fform%3Dquote");
  });

  it("remembers nothing for the list or for anywhere else", () => {
    expect(loginPath("/inbox")).toBe("/inbox/login");
    expect(loginPath("https://evil.example/")).toBe("/inbox/login");
    expect(loginPath()).toBe("/inbox/login");
  });
});

describe("isInboxPath", () => {
  it.each([
    ["/inbox", true],
    ["/inbox/login", true],
    ["/inboxes", false],
    ["/", false],
    ["/api/inbox/session", false],
  ])("%j is an inbox page: %s", (path, expected) => {
    expect(isInboxPath(path)).toBe(expected);
  });
});

describe("leadId", () => {
  it("reads a lead's id from its address", () => {
    expect(leadId("42")).toBe(42);
    expect(inboxPaths.lead(42)).toBe("/inbox/leads/42");
  });

  it.each(["", "0", "07", "-1", "1.5", "1e3", " 1", "12345678901234567", "contact"])(
    "names no lead in %j",
    (segment) => {
      expect(leadId(segment)).toBeUndefined();
    },
  );
});

describe("movedKind", () => {
  it("reads the old table from an old address", () => {
    expect(movedKind("contact")).toBe("contact");
    expect(movedKind("quote")).toBe("quote");
  });

  it.each(["", "Quote", "caseStudiesContact", "toString"])("names no old table in %j", (segment) => {
    expect(movedKind(segment)).toBeUndefined();
  });
});
