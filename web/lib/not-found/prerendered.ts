// Reads `next build`'s prerendered pages, for proxy.ts. Every detail page is prerendered from
// generateStaticParams, so a detail URL exists exactly when its HTML file does.
import { access, readFile } from "node:fs/promises";
import path from "node:path";

import type { DetailSection } from "./screens";

// next start and the standalone server.js both run from the directory that holds the build.
const pagesDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next", "server", "app");

/** Whether /<section>/<id> was prerendered; `id` must already be a plain number. */
export async function isPrerendered(section: DetailSection, id: number): Promise<boolean> {
  return access(path.join(pagesDir, section, `${id}.html`)).then(
    () => true,
    () => false,
  );
}

const screens = new Map<DetailSection, Promise<Buffer>>();

/** The prerendered HTML of `section`'s not-found screen (app/missing/[section]). */
export function notFoundHtml(section: DetailSection): Promise<Buffer> {
  let html = screens.get(section);
  if (!html) {
    html = readFile(path.join(pagesDir, "missing", `${section}.html`));
    screens.set(section, html);
  }
  return html;
}
