// The inbox pages' reads of the lead service, on the server, as the signed-in staff member: their
// session cookie goes along, and the service decides what they may see.

import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { inbox } from "@/lib/content/inbox";
import { inboxApiUrl } from "@/lib/env";

import { loginPath, PAGE_HEADER } from "./paths";
import type {
  AuditPage,
  Dashboard,
  Due,
  Lead,
  LeadMoved,
  LeadPage,
  Owners,
  Person,
  ResponseTarget,
  SavedReplies,
  SavedReply,
  Session,
  Unfiled,
} from "./types";

export const SESSION_COOKIE = inbox.cookies.session;
// What the service issues (secrets.token_urlsafe): anything else is no session.
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The service answered that this role may not do it. */
export class Forbidden extends Error {}

/** The service refused the query: its messages by parameter. */
export class BadQuery extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super("the lead service refused the query");
  }
}

async function signIn(): Promise<never> {
  redirect(loginPath((await headers()).get(PAGE_HEADER) ?? undefined));
}

/** A GET of the inbox API: the JSON, or the sign-in page (no or an ended session), the inbox's
 * not-found page (no such lead), Forbidden (not this role's), BadQuery, or an Error (anything else). */
async function read<T>(path: string): Promise<T> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token || !TOKEN.test(token)) return signIn();
  const response = await fetch(new URL(path, inboxApiUrl()), {
    headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: "application/json" },
    cache: "no-store",
  });
  if (response.status === 401) return signIn();
  if (response.status === 403) throw new Forbidden(path);
  if (response.status === 404) notFound();
  if (response.status === 400) throw new BadQuery(((await response.json()) as { errors: Record<string, string[]> }).errors);
  if (!response.ok) throw new Error(`the lead service answered ${response.status} to GET ${path}`);
  return (await response.json()) as T;
}

/** Who is signed in, once per request however many parts of the page ask. */
export const getSession = cache(() => read<Session>("/api/inbox/session"));

export function getLeads(query: URLSearchParams): Promise<LeadPage> {
  return read(`/api/inbox/leads?${query}`);
}

export function getLead(id: number): Promise<Lead> {
  return read(`/api/inbox/leads/${id}`);
}

/** The id of the lead an address from before all leads shared one id space named (kind, old id). */
export async function getMovedLead(kind: string, oldId: number): Promise<number> {
  return (await read<LeadMoved>(`/api/inbox/leads/moved/${encodeURIComponent(kind)}/${oldId}`)).id;
}

/** The staff a lead may be given to. */
export async function getOwners(): Promise<Person[]> {
  return (await read<Owners>("/api/inbox/owners")).owners;
}

/** The leads whose next step is due, the reader's own or everyone's. */
export function getDue(who: "mine" | "everyone"): Promise<Due> {
  return read(`/api/inbox/due?who=${who}`);
}

/** The team's response target. */
export function getResponseTarget(): Promise<ResponseTarget> {
  return read("/api/inbox/response-target");
}

/** The texts a reply may start from, by title. */
export async function getSavedReplies(): Promise<SavedReply[]> {
  return (await read<SavedReplies>("/api/inbox/saved-replies")).saved_replies;
}

/** The messages of the sales mailbox that wait for an admin to file or dismiss them (admins). */
export function getUnfiled(): Promise<Unfiled> {
  return read("/api/inbox/unfiled");
}

export function getAudit(query: URLSearchParams): Promise<AuditPage> {
  return read(`/api/inbox/audit?${query}`);
}

/** Where the last 90 days' leads came from and how fast they were answered. */
export function getDashboard(): Promise<Dashboard> {
  return read("/api/inbox/dashboard");
}
