// The inbox pages' reads of the lead service, on the server, as the signed-in staff member: their
// session cookie goes along, and the service decides what they may see. The calls are typed by the
// service's document (./api-client.ts), as the browser's are.

import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { inbox } from "@/lib/content/inbox";
import { inboxApiUrl } from "@/lib/env";

import { type DataOf, type InboxApi, inboxClient, jsonError, type Result, succeeded } from "./api-client";
import { loginPath, PAGE_HEADER } from "./paths";
import type {
  ApiError,
  ApiTokens,
  Assignment,
  AuditPage,
  Board,
  Dashboard,
  Due,
  Forecast,
  Lead,
  LeadPage,
  MovedKind,
  Person,
  Pipeline,
  ResponseTarget,
  SavedReply,
  SavedView,
  Session,
  SignInMethods,
  Suggestion,
  Unfiled,
  WebhookDelivery,
  WebhookEndpoints,
} from "./types";

export const SESSION_COOKIE = inbox.cookies.session;
// What the service issues (secrets.token_urlsafe): anything else is no session.
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The service answered that this role may not do it. */
export class Forbidden extends Error {}

/** The service refused the query: its messages by parameter. */
export class BadQuery extends Error {
  constructor(readonly errors: NonNullable<ApiError["errors"]>) {
    super("the lead service refused the query");
  }
}

async function signIn(): Promise<never> {
  redirect(loginPath((await headers()).get(PAGE_HEADER) ?? undefined));
}

/** A GET of the inbox API: the JSON, or the sign-in page (no or an ended session), the inbox's
 * not-found page (no such lead), Forbidden (not this role's), BadQuery, or an Error (anything else). */
async function read<R extends Result>(call: (api: InboxApi) => Promise<R>): Promise<DataOf<R>> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token || !TOKEN.test(token)) return signIn();
  const api = inboxClient({
    baseUrl: inboxApiUrl(),
    headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: "application/json" },
    cache: "no-store",
  });
  const result = await call(api);
  if (succeeded(result)) return result.data;
  const { response } = result;
  if (response.status === 401) return signIn();
  if (response.status === 403) throw new Forbidden(response.url);
  if (response.status === 404) notFound();
  if (response.status === 400) throw new BadQuery(jsonError<Result>(result)?.errors || {});
  throw new Error(`the lead service answered ${response.status} to GET ${response.url}`);
}

/** Who is signed in, once per request however many parts of the page ask. */
export const getSession = cache((): Promise<Session> => read((api) => api.GET("/api/inbox/session")));

/** An admins' page's reads: the session and what `get` gives; or, for anyone else, undefined, and the
 * page says who may (the service refuses them too, which this spares a request that could only fail). */
export async function forAdmins<T>(get: () => Promise<T>): Promise<{ session: Session; data: T } | undefined> {
  const session = await getSession();
  if (session.user.role !== "admin") return undefined;
  try {
    return { session, data: await get() };
  } catch (error) {
    if (error instanceof Forbidden) return undefined;
    throw error;
  }
}

/** A page of the list, its query as the page's address says it: the service checks each value
 * (BadQuery), so they go on as typed there. */
export function getLeads(query: URLSearchParams): Promise<LeadPage> {
  return read((api) => api.GET("/api/inbox/leads", { querySerializer: () => query.toString() }));
}

export function getLead(id: number): Promise<Lead> {
  return read((api) => api.GET("/api/inbox/leads/{lead_id}", { params: { path: { lead_id: id } } }));
}

/** Other people who may be the lead's person: the same phone, or the same name and company. */
export async function getPersonSuggestions(id: number): Promise<Suggestion[]> {
  const answer = await read((api) =>
    api.GET("/api/inbox/leads/{lead_id}/person/suggestions", { params: { path: { lead_id: id } } }),
  );
  return answer.suggestions;
}

/** The id of the lead an address from before all leads shared one id space named (kind, old id). */
export async function getMovedLead(kind: MovedKind, oldId: number): Promise<number> {
  const moved = await read((api) =>
    api.GET("/api/inbox/leads/moved/{kind}/{old_id}", { params: { path: { kind, old_id: oldId } } }),
  );
  return moved.id;
}

/** The staff a lead may be given to. */
export async function getOwners(): Promise<Person[]> {
  return (await read((api) => api.GET("/api/inbox/owners"))).owners;
}

/** The leads whose next step is due, the reader's own or everyone's. */
export function getDue(who: "mine" | "everyone"): Promise<Due> {
  return read((api) => api.GET("/api/inbox/due", { params: { query: { who } } }));
}

/** The team's response target. */
export function getResponseTarget(): Promise<ResponseTarget> {
  return read((api) => api.GET("/api/inbox/response-target"));
}

/** The views of the list the reader may open: their own, then the team's shared ones. */
export async function getViews(): Promise<SavedView[]> {
  return (await read((api) => api.GET("/api/inbox/views"))).views;
}

/** The assignment rules, the groups and who is free. */
export function getAssignment(): Promise<Assignment> {
  return read((api) => api.GET("/api/inbox/assignment"));
}

/** The webhook endpoints and the events they may choose (admins). */
export function getWebhooks(): Promise<WebhookEndpoints> {
  return read((api) => api.GET("/api/inbox/webhooks"));
}

/** An endpoint's latest deliveries, newest first, each with its tries (admins). */
export async function getWebhookDeliveries(endpointId: number): Promise<WebhookDelivery[]> {
  const page = await read((api) =>
    api.GET("/api/inbox/webhooks/{endpoint_id}/deliveries", { params: { path: { endpoint_id: endpointId } } }),
  );
  return page.deliveries;
}

/** The texts a reply may start from, by title. */
export async function getSavedReplies(): Promise<SavedReply[]> {
  return (await read((api) => api.GET("/api/inbox/saved-replies"))).saved_replies;
}

/** The API tokens admins gave the team's other tools, revoked and expired ones too (admins). */
export function getTokens(): Promise<ApiTokens> {
  return read((api) => api.GET("/api/inbox/tokens"));
}

/** The messages of the sales mailbox that wait for an admin to file or dismiss them (admins). */
export function getUnfiled(): Promise<Unfiled> {
  return read((api) => api.GET("/api/inbox/unfiled"));
}

/** A page of the audit trail, its query as the page's address says it (see getLeads). */
export function getAudit(query: URLSearchParams): Promise<AuditPage> {
  return read((api) => api.GET("/api/inbox/audit", { querySerializer: () => query.toString() }));
}

/** Where the last 90 days' leads came from and how fast they were answered. */
export function getDashboard(): Promise<Dashboard> {
  return read((api) => api.GET("/api/inbox/dashboard"));
}

/** The board, or with `stage` (and `after`, its cursor) that column's next cards. */
export function getBoard(query: URLSearchParams): Promise<Board> {
  return read((api) => api.GET("/api/inbox/board", { querySerializer: () => query.toString() }));
}

export function getPipeline(): Promise<Pipeline> {
  return read((api) => api.GET("/api/inbox/pipeline"));
}

export function getForecast(): Promise<Forecast> {
  return read((api) => api.GET("/api/inbox/forecast"));
}

/** The ways in the sign-in page offers, read without a session. A service that cannot say shows the
 * password form, whose own call then says what is wrong. */
export async function getSignInMethods(): Promise<SignInMethods> {
  const api = inboxClient({ baseUrl: inboxApiUrl(), headers: { accept: "application/json" }, cache: "no-store" });
  try {
    const result = await api.GET("/api/inbox/sign-in/methods");
    if (succeeded(result)) return result.data;
  } catch {
    // Unreachable: as below.
  }
  return { password: true, oidc: null };
}
