// The staff inbox's own paths, apart from lib/routes.ts, which the public pages' scripts import.

export const inboxPaths = {
  leads: "/inbox",
  login: "/inbox/login",
  audit: "/inbox/audit",
  lead: (kind: string, id: number) => `/inbox/leads/${encodeURIComponent(kind)}/${id}`,
} as const;

// The page asked for, as proxy.ts records it in the request: where the sign-in returns to.
export const PAGE_HEADER = "x-inbox-page";

/** Whether `path` is one of the inbox's pages. */
export function isInboxPath(path: string): boolean {
  return path === "/inbox" || path.startsWith("/inbox/");
}

// An inbox page as a path alone: no scheme or host, no backslash or space a browser would mend.
const INBOX_PAGE = /^\/inbox(?:[/?#][^\\\s]*)?$/;

/**
 * Where to go once signed in: `next` when it is one of the inbox's own pages (so a shared link to
 * a filtered view survives the sign-in), else the list. Nothing else is followed: the sign-in
 * page cannot be made to send anyone elsewhere.
 */
export function afterSignIn(next: string | null | undefined): string {
  return next && INBOX_PAGE.test(next) && !next.startsWith(inboxPaths.login) ? next : inboxPaths.leads;
}

/** The sign-in page, remembering where the visitor was going. */
export function loginPath(next?: string): string {
  const target = afterSignIn(next);
  return target === inboxPaths.leads ? inboxPaths.login : `${inboxPaths.login}?next=${encodeURIComponent(target)}`;
}
