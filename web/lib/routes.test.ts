import { describe, expect, it } from "vitest";

import { getServicesPage } from "./content";
import { nextInCycle, parseId, paths } from "./routes";

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["7", 7],
    ["12", 12],
    ["999999", 999999],
  ])("reads %j as %d", (raw, id) => {
    expect(parseId(raw)).toBe(id);
  });

  it.each(["", "0", "07", "-1", "+1", "1.0", "1e3", "0x1", " 1", "1 ", "1/", "abc", "1234567", "\u0661"])(
    "refuses %j: digits only, no sign, no leading zero, at most six",
    (raw) => {
      expect(parseId(raw)).toBeUndefined();
    },
  );

  it("reads back every detail path it writes", () => {
    for (const path of [paths.aiSolution, paths.edutechService, paths.service, paths.caseStudy, paths.blogPost]) {
      const segment = path(42).split("/").at(-1) ?? "";
      expect(parseId(segment)).toBe(42);
    }
  });
});

describe("nextInCycle", () => {
  const items = [{ id: 7 }, { id: 8 }, { id: 9 }] as const;

  it("gives the entry after the current one, in list order", () => {
    expect(nextInCycle(items, 7)).toBe(items[1]);
    expect(nextInCycle(items, 8)).toBe(items[2]);
  });

  it("wraps from the last entry to the first", () => {
    expect(nextInCycle(items, 9)).toBe(items[0]);
  });

  it("follows the list's order, not the ids'", () => {
    const shuffled = [{ id: 3 }, { id: 1 }, { id: 2 }];
    expect(nextInCycle(shuffled, 3)).toBe(shuffled[1]);
    expect(nextInCycle(shuffled, 2)).toBe(shuffled[0]);
  });

  it("gives a single entry itself", () => {
    const one = [{ id: 5 }];
    expect(nextInCycle(one, 5)).toBe(one[0]);
  });

  it("gives nothing for an id that is not in the list", () => {
    expect(nextInCycle(items, 10)).toBeUndefined();
    expect(nextInCycle([], 1)).toBeUndefined();
  });

  it("walks the services 7 to 12 and back to 7", () => {
    const services = getServicesPage().services;
    const visited = [services[0]!.id];
    for (let step = 0; step < services.length; step++) {
      visited.push(nextInCycle(services, visited.at(-1)!)!.id);
    }
    expect(visited).toEqual([7, 8, 9, 10, 11, 12, 7]);
  });
});
