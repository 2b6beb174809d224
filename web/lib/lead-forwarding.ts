import { NextResponse, type NextRequest } from "next/server";

import { leadServiceUrl, maxBodyBytes } from "@/lib/env";

/** A lead service that has not answered by then is treated as down. */
const UPSTREAM_TIMEOUT_MS = 15_000;

// Per-connection headers, and those fetch() recomputes for the body it actually sends or returns.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
  "content-length",
  "content-encoding",
]);

function copyHeaders(from: Headers): Headers {
  const headers = new Headers();
  from.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name.toLowerCase())) {
      headers.append(name, value);
    }
  });
  return headers;
}

/** The lead service's own error shape, so the browser reads every failure the same way. */
function jsonError(code: number, message: string, description: string, headers?: HeadersInit) {
  return NextResponse.json({ code, message, description }, { status: code, headers });
}

const tooLarge = () =>
  jsonError(413, "Request Entity Too Large", "The request is larger than the lead service accepts.");

/** The body, or null once it is longer than the limit (read no further than that). */
async function cappedBody(request: NextRequest, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Forwards /api/* to the lead service (LEAD_SERVICE_URL, read per request): bodies over the limit
 * stop here with 413, a service that is down or too slow becomes a JSON 503 with Retry-After, and
 * the answer (status, body and headers such as ETag, Content-Range and Retry-After) goes back as it
 * came, streamed. No header names the service's internal address.
 */
export async function forwardToLeadService(request: NextRequest): Promise<Response> {
  const limit = maxBodyBytes();
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    return tooLarge();
  }
  const body = hasBody ? await cappedBody(request, limit) : undefined;
  if (body === null) {
    return tooLarge();
  }
  const { pathname, search } = request.nextUrl;
  let upstream: Response;
  try {
    upstream = await fetch(new URL(pathname + search, leadServiceUrl()), {
      method: request.method,
      headers: copyHeaders(request.headers),
      body,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    return jsonError(
      503,
      "Service Unavailable",
      "We could not reach our lead service just now. Please try again in a minute.",
      { "Retry-After": "30" },
    );
  }
  return new Response(upstream.body, { status: upstream.status, headers: copyHeaders(upstream.headers) });
}
