import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { readDraft, withDraft, writeDraft } from "./drafts";

describe("withDraft", () => {
  it("fills only the fields still empty, with text only", () => {
    expect(withDraft({ name: "", phone: "" }, { name: 5, website: "x" } as unknown as Record<string, string>)).toEqual({
      name: "",
      phone: "",
    });
    expect(withDraft({ name: "", email: "typed@example.com", phone: "" }, { name: "Rahim", email: "old@example.com" })).toEqual({
      name: "Rahim",
      email: "typed@example.com",
      phone: "",
    });
  });
});

describe("readDraft and writeDraft", () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a draft per form, and forgets it", () => {
    writeDraft("quote", { values: { name: "Rahim" }, attempt: { body: "{}", key: "k1" } });
    expect(readDraft("quote")).toEqual({ values: { name: "Rahim" }, attempt: { body: "{}", key: "k1" } });
    writeDraft("quote", { values: { name: "Rahim" } });
    expect(readDraft("quote")).toEqual({ values: { name: "Rahim" } });
    expect(readDraft("contact")).toBeNull();
    writeDraft("quote", null);
    expect(stored.size).toBe(0);
  });

  it("reads a draft that is not JSON, or holds no values, as none", () => {
    stored.set("leadDraft:quote", "{");
    expect(readDraft("quote")).toBeNull();
    stored.set("leadDraft:quote", "[]");
    expect(readDraft("quote")).toBeNull();
  });

  it("works on without storage", () => {
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: () => {
          throw new Error("blocked");
        },
        setItem: () => {
          throw new Error("blocked");
        },
      },
    });
    expect(readDraft("quote")).toBeNull();
    expect(() => writeDraft("quote", { values: {} })).not.toThrow();
  });
});
