import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// Everything the inbox shows of a lead is a stranger's text: only React's escaping may put it in
// the page. No inbox module writes markup from a string.
const INBOX_CODE = ["app/inbox", "components/inbox", "lib/inbox"];
const RAW_MARKUP = /dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML|document\.write/;

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => path.join(folder, name));
}

describe("the inbox's code", () => {
  const files = INBOX_CODE.flatMap((folder) => sources(path.join(__dirname, "..", "..", folder)));

  it("is found", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [path.relative(path.join(__dirname, "..", ".."), file), file]))(
    "%s writes no markup from a string",
    (_name, file) => {
      expect(readFileSync(file, "utf8")).not.toMatch(RAW_MARKUP);
    },
  );
});
