// The inbox pages' calls from the browser to the lead service's /api/inbox/, through the site's own
// origin (where the session cookie lives), typed by the service's document (./api-client.ts). Every
// change carries the session's CSRF token.

import { inbox } from "@/lib/content/inbox";

import { type DataOf, type ErrorOf, type InboxApi, inboxClient, jsonError, type Result, succeeded } from "./api-client";
import type { ApiError } from "./types";

/** The inbox API as the browser calls it; with `csrf`, the session's token, for a change. */
export function inboxApi(csrf?: string): InboxApi {
  const accept = { accept: "application/json" };
  return inboxClient({
    headers: csrf === undefined ? accept : { ...accept, [inbox.csrfHeader]: csrf },
    credentials: "same-origin",
    cache: "no-store",
  });
}

/** What the service answered: its JSON, or what went wrong, with the error answer it said it in
 * (none when it could not be reached, or did not answer in JSON). */
export type Answer<Data, Error> =
  | { ok: true; data: Data }
  | { ok: false; status: number; message: string; error?: Error };

const UNREACHABLE = "The inbox could not be reached. Check your connection and try again.";

type FieldErrors = NonNullable<ApiError["errors"]>[string];

/** A field's first message, as deep as its errors go (an object's keys', a list's indexes'). */
function firstMessage(errors: FieldErrors): string | undefined {
  return Array.isArray(errors) ? errors[0] : Object.values(errors).map(firstMessage).find(Boolean);
}

/** The first thing the service said was wrong: its description, or a field's first message. */
function message(status: number, body: ApiError | undefined): string {
  if (body?.description) return body.description;
  const first = Object.values(body?.errors ?? {}).map(firstMessage).find(Boolean);
  return first ?? `Something went wrong (${status}). Please try again.`;
}

/** A call's result as the inbox's forms read it. */
export async function answerOf<R extends Result>(call: Promise<R>): Promise<Answer<DataOf<R>, ErrorOf<R>>> {
  let result: R;
  try {
    result = await call;
  } catch {
    // No answer, or a success whose body was no JSON: either way, nothing the form can show.
    return { ok: false, status: 0, message: UNREACHABLE };
  }
  if (succeeded(result)) return { ok: true, data: result.data };
  const { status } = result.response;
  const error = jsonError(result);
  if (!error) return { ok: false, status, message: message(status, undefined) };
  return { ok: false, status, message: message(status, error), error };
}
