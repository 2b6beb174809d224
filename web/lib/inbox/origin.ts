// Which origin a request came in on. With INBOX_URL set, the staff inbox has an origin of its own:
// its pages and API answer there alone, and the public site answers everywhere else, so that no
// script a public page runs (a tag, injected HTML) shares an origin with staff data. Decided on the
// Host header: a browser cannot set it from a page, and nginx passes it on as it came.

import { inboxHostname } from "../env";

import { isInboxPath } from "./paths";

export type Side = "inbox" | "public" | "both";

/** The host name in a Host header (lower-cased, without its port), or "" for none. */
function hostname(host: string | null): string {
  try {
    return host ? new URL(`http://${host}`).hostname : "";
  } catch {
    return "";
  }
}

/** The side a request with these headers is on: "both" when the inbox shares the site's origin. */
export function sideOf(headers: Headers): Side {
  const inbox = inboxHostname();
  if (inbox === undefined) return "both";
  return hostname(headers.get("host")) === inbox ? "inbox" : "public";
}

/** Whether `path` is the inbox's API for the team's other tools, called with an API token. */
export function isTokenApiPath(path: string): boolean {
  return path.startsWith("/api/v1/");
}

/** Whether `path` is the inbox's: a page, its API, or the API the team's other tools call. */
export function isInboxSidePath(path: string): boolean {
  return (
    isInboxPath(path) || path.startsWith("/api/inbox/") || isTokenApiPath(path)
  );
}

/** Whether `path` is answered on `side`. */
export function servedOn(side: Side, path: string): boolean {
  return side === "both" || (side === "inbox") === isInboxSidePath(path);
}
