// The inbox pages' calls from the browser to the lead service's /api/inbox/, through the site's own
// origin (where the session cookie lives). Every change carries the session's CSRF token.

import { inbox } from "@/lib/content/inbox";

import type { ApiError } from "./types";

/** What the service answered: its JSON, or what went wrong, with the body it said it in. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string; body: unknown };

const UNREACHABLE = "The inbox could not be reached. Check your connection and try again.";

type FieldErrors = NonNullable<ApiError["errors"]>[string];

/** A field's first message, as deep as its errors go (an object's keys', a list's indexes'). */
function firstMessage(errors: FieldErrors): string | undefined {
  return Array.isArray(errors) ? errors[0] : Object.values(errors).map(firstMessage).find(Boolean);
}

/** The first thing the service said was wrong: its description, or a field's first message. */
function message(status: number, body: ApiError): string {
  if (body.description) return body.description;
  const first = Object.values(body.errors ?? {}).map(firstMessage).find(Boolean);
  return first ?? `Something went wrong (${status}). Please try again.`;
}

export async function inboxCall<T>(
  path: `/api/inbox/${string}`,
  { body, csrf }: { body?: unknown; csrf?: string } = {},
): Promise<Answer<T>> {
  const method = body === undefined && csrf === undefined ? "GET" : "POST";
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf !== undefined) headers[inbox.csrfHeader] = csrf;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE, body: undefined };
  }
  const data = response.status === 204 ? undefined : await response.json().catch(() => ({}));
  return response.ok
    ? { ok: true, data: data as T }
    : { ok: false, status: response.status, message: message(response.status, data ?? {}), body: data };
}
