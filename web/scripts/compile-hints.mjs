// Runs after every build: marks each script that a prerendered page loads with its HTML with V8's
// explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136 and later). Chrome then compiles
// the whole file on a background thread as it streams in, where it would otherwise compile each
// function lazily on the main thread the first time hydration calls it. On a phone that lazy
// compiling is most of the framework's part of the long hydration task. Scripts loaded later (a
// dialog, the phone library) stay lazy: most of their functions may never run.
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HINT = "//# allFunctionsCalledOnLoad\n";

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(web, process.env.NEXT_DIST_DIR ?? ".next");
// Classic and module scripts a page asks for by src; noModule ones only run in browsers without
// module support, which have no compile hints either.
const SCRIPT = /<script src="\/_next\/(static\/[^"]+\.js)"(?![^>]*noModule)[^>]*>/g;

const pages = (await readdir(path.join(dist, "server", "app"), { recursive: true })).filter((name) =>
  name.endsWith(".html"),
);
const scripts = new Set();
for (const page of pages) {
  const html = await readFile(path.join(dist, "server", "app", page), "utf8");
  for (const [, src] of html.matchAll(SCRIPT)) scripts.add(src);
}
for (const src of scripts) {
  const file = path.join(dist, src);
  const code = await readFile(file, "utf8");
  if (!code.startsWith(HINT)) await writeFile(file, HINT + code);
}
console.log(`compile hints: ${scripts.size} first-load scripts of ${pages.length} pages`);
