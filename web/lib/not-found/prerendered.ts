// Reads `next build`'s prerendered pages, for proxy.ts. Every detail page is prerendered from
// generateStaticParams, so a detail URL exists exactly when its HTML file does. The build does
// not change under a running server, so each folder and file is read once per process.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

import type { DetailSection } from "./screens";

// next start and the standalone server.js both run from the directory that holds the build.
const pagesDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next", "server", "app");

/** `load(key)` once per key, its answer kept for the life of the process. */
function cachedBy<Key, Value>(load: (key: Key) => Promise<Value>): (key: Key) => Promise<Value> {
  const answers = new Map<Key, Promise<Value>>();
  return (key) => {
    let answer = answers.get(key);
    if (!answer) {
      answer = load(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

const prerenderedIds = cachedBy(async (section: DetailSection) => {
  const names = await readdir(path.join(pagesDir, section)).catch(() => [] as string[]);
  return new Set(names.filter((name) => /^\d+\.html$/.test(name)).map((name) => name.slice(0, -".html".length)));
});

/** Whether /<section>/<id> was prerendered; `id` must already be a plain number. */
export async function isPrerendered(section: DetailSection, id: number): Promise<boolean> {
  return (await prerenderedIds(section)).has(String(id));
}

/** The prerendered HTML of `section`'s not-found screen (app/missing/[section]). */
export const notFoundHtml = cachedBy((section: DetailSection) => readFile(path.join(pagesDir, "missing", `${section}.html`)));
