// The staff inbox's own paths, apart from lib/routes.ts, which the public pages' scripts import.

import type { MovedKind } from "./types";

export const inboxPaths = {
  leads: "/inbox",
  // What the honeypot (or Turnstile) caught, for review.
  spam: "/inbox?spam=only",
  // The list's view as CSV, from the lead service through the site's forwarder.
  leadsExport: "/api/inbox/leads/export",
  login: "/inbox/login",
  audit: "/inbox/audit",
  // Where leads come from and how fast the team answers, drawn on the server.
  dashboard: "/inbox/dashboard",
  // A person's leads erased on request (admins).
  erase: "/inbox/erase",
  // The leads whose next step is due today or before.
  due: "/inbox/due",
  // The answers the sales mailbox could not file, for admins to file by hand or dismiss.
  unfiled: "/inbox/unfiled",
  // The texts a reply may start from (every role reads them, admins keep them).
  savedReplies: "/inbox/saved-replies",
  // Who is given each new lead (every role reads the rules, admins keep them).
  assignment: "/inbox/assignment",
  // The webhook endpoints, their secrets shown once, and each one's delivery log (admins).
  webhooks: "/inbox/webhooks",
  // The open deals as cards in a column per stage, moved by pointer or keys.
  board: "/inbox/board",
  // The API tokens the team's other tools call /api/v1/ with (admins).
  tokens: "/inbox/tokens",
  // One's own password, and signing out of every browser.
  account: "/inbox/account",
  lead: (id: number) => `/inbox/leads/${id}`,
  // A column of the board, its cards after the cursor the service gave.
  boardColumn: (stageId: number, after: string) =>
    `/inbox/board?${new URLSearchParams({ stage: String(stageId), after })}`,
} as const;

/** The id in a lead's address; undefined when the segment is no id the service could have given. */
export function leadId(segment: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(segment) ? Number(segment) : undefined;
}

const MOVED_KINDS: readonly MovedKind[] = ["contact", "quote"];

/** The table in a lead's address from before every lead was in one; undefined for any other. */
export function movedKind(segment: string): MovedKind | undefined {
  return MOVED_KINDS.find((kind) => kind === segment);
}

// The page asked for, as proxy.ts records it in the request: where the sign-in returns to.
export const PAGE_HEADER = "x-inbox-page";

/** Whether `path` is one of the inbox's pages. */
export function isInboxPath(path: string): boolean {
  return path === "/inbox" || path.startsWith("/inbox/");
}

// Any origin will do: a `next` is read against it only to see what a browser would make of it.
const SOMEWHERE = "http://inbox.invalid";

/**
 * Where to go once signed in: `next` when it is one of the inbox's own pages, written as a browser
 * would read it (no host, backslash, space or dot segment), so a shared link to a filtered view
 * survives the sign-in; else the list. Nothing else is followed: the sign-in page cannot be made
 * to send anyone elsewhere.
 */
export function afterSignIn(next: string | null | undefined): string {
  if (!next?.startsWith("/") || /[\\\s]/.test(next)) return inboxPaths.leads;
  const url = new URL(next, SOMEWHERE);
  const same = url.origin === SOMEWHERE && url.pathname + url.search + url.hash === next;
  const signIn = url.pathname === inboxPaths.login || url.pathname.startsWith(`${inboxPaths.login}/`);
  return same && isInboxPath(url.pathname) && !signIn ? next : inboxPaths.leads;
}

/** The sign-in page, remembering where the visitor was going. */
export function loginPath(next?: string): string {
  const target = afterSignIn(next);
  return target === inboxPaths.leads ? inboxPaths.login : `${inboxPaths.login}?next=${encodeURIComponent(target)}`;
}
