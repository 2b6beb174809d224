// Writes each technology's simple-icons mark, in its brand colour, to public/tech-icons/<slug>.svg.
// Pages then reference a cached file instead of inlining every path twice (HTML and React payload).
// Runs before every build; public/tech-icons is generated and git-ignored.
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as simpleIcons from "simple-icons";

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const contentDir = path.join(web, "..", "shared_content");
const target = path.join(web, "public", "tech-icons");

const bySlug = new Map(Object.values(simpleIcons).map((icon) => [icon.slug, icon]));

/** Every `{ name, icon }` technology in a content file (common.schema.json#/$defs/technology). */
function* technologySlugs(value) {
  if (Array.isArray(value)) {
    for (const item of value) yield* technologySlugs(item);
  } else if (value && typeof value === "object") {
    const keys = Object.keys(value).sort().join(",");
    if (keys === "icon,name" && typeof value.icon === "string") yield value.icon;
    for (const item of Object.values(value)) yield* technologySlugs(item);
  }
}

const slugs = new Set();
for (const file of (await readdir(contentDir)).filter((name) => name.endsWith(".json") && !name.includes(".schema."))) {
  for (const slug of technologySlugs(JSON.parse(await readFile(path.join(contentDir, file), "utf8")))) slugs.add(slug);
}

await rm(target, { recursive: true, force: true });
await mkdir(target, { recursive: true });
for (const slug of slugs) {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`simple-icons has no icon "${slug}" (shared_content)`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${icon.hex}"><path d="${icon.path}"/></svg>\n`;
  await writeFile(path.join(target, `${slug}.svg`), svg);
}
console.log(`tech icons: ${slugs.size} written to public/tech-icons`);
