// Writes fonts/inter.woff2: Inter (the @fontsource-variable latin file, 48 kB) cut down to the
// characters the site can show and to the weights it uses, 400 to 700, some 20 kB. The font is
// preloaded on every page, so its bytes compete with the page's own on a phone's first visit.
// Characters: printable ASCII, every character of shared_content, and any other character in the
// web source (typographic quotes, dashes). One outside the set would be drawn in the fallback font.
// Runs before every build; web/fonts is generated and git-ignored.
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import subsetFont from "subset-font";

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(web, "node_modules", "@fontsource-variable", "inter", "files", "inter-latin-wght-normal.woff2");
const target = path.join(web, "fonts", "inter.woff2");
const SOURCE_DIRS = ["app", "components", "lib"];
// font-normal to font-bold; a heavier class would be drawn at 700.
const WEIGHTS = { min: 400, max: 700 };

const files = async (dir, test) =>
  (await readdir(dir, { recursive: true })).filter(test).map((name) => path.join(dir, name));

const characters = new Set(Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)));
const add = (text) => {
  for (const character of text) if (character.codePointAt(0) > 0x7f) characters.add(character);
};
for (const file of await files(path.join(web, "..", "shared_content"), (name) => name.endsWith(".json"))) {
  add(JSON.stringify(JSON.parse(await readFile(file, "utf8")))); // \u escapes read as what they stand for
}
for (const dir of SOURCE_DIRS) {
  for (const file of await files(path.join(web, dir), (name) => /\.tsx?$/.test(name))) add(await readFile(file, "utf8"));
}

const subset = await subsetFont(await readFile(source), [...characters].join(""), {
  targetFormat: "woff2",
  variationAxes: { wght: WEIGHTS },
});
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, subset);
console.log(`font: ${characters.size} characters, ${(subset.length / 1024).toFixed(1)} kB written to fonts/inter.woff2`);
