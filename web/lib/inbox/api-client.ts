// The lead service's inbox API as the inbox's code calls it, on the server (./api.ts) and in the
// browser (./client.ts): openapi-fetch over the service's OpenAPI document (api.generated.ts), so
// that each call's path, parameters, body and answer are checked by tsc.

import createClient, {
  type Client,
  type ClientOptions,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from "openapi-fetch";

import type { paths } from "./api.generated";
import type { ApiError } from "./types";

type Method = "get" | "post";
type PathOf<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
type InitOf<M extends Method, P extends PathOf<M>> = MaybeOptionalInit<paths[P], M>;
type Operation<M extends Method, P extends PathOf<M>> = Extract<paths[P][M], Record<string, unknown>>;

/** A method of the client, its call's init typed by the path alone: openapi-fetch infers the init
 * from the call as written, which lets a misspelled optional body field through; typed here by
 * the path, the init is checked as written against the document. */
type Call<M extends Method> = <P extends PathOf<M>>(
  path: P,
  // MaybeOptionalInit takes in undefined when the path needs nothing besides.
  ...init: undefined extends InitOf<M, P> ? [init?: InitOf<M, P>] : [init: InitOf<M, P>]
) => Promise<FetchResponse<Operation<M, P>, InitOf<M, P>, `${string}/${string}`>>;

export type InboxApi = { GET: Call<"get">; POST: Call<"post"> };

/** The client, with what every call of one side sends (the side's headers, credentials, cache). */
export function inboxClient(options: ClientOptions): InboxApi {
  const client = createClient<paths>(options);
  // The same functions, each given the stricter of the two types they can be read as (see Call).
  return { GET: client.GET as Call<"get">, POST: client.POST as Call<"post"> };
}

/** Any call's result (openapi-fetch's FetchResponse): the answer's JSON, or the error answer's (its
 * text when it was a server's own page, such as a request line too long). */
export type Result = { data?: unknown; error?: ApiError | string; response: Response };

/** The answer's JSON of a call that resolves to R, as the document says it. */
export type DataOf<R> = R extends { data: infer Data; error?: never } ? Data : never;

/** The error answers' JSON of a call that resolves to R, as the document says them. */
export type ErrorOf<R> = R extends { error?: infer Error } ? Extract<Error, ApiError> : never;

/** Whether the service did it: openapi-fetch gives an `error` only with a failing status. */
export function succeeded<R extends Result>(result: R): result is R & { data: DataOf<R> } {
  return result.response.ok && result.error === undefined;
}

/** A failure's JSON, when it was said in JSON: openapi-fetch gives an answer that was none as its
 * text (a proxy's page, a server's own refusal), and nothing for an empty one. */
export function jsonError<R extends Result>(result: R): ErrorOf<R> | undefined {
  const { error } = result;
  return typeof error === "object" && error !== null ? (error as ErrorOf<R>) : undefined;
}
