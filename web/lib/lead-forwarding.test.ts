import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { forwardToLeadService } from "./lead-forwarding";

const SITE = "http://site.example";
const SERVICE = "http://lead.internal:5000";

type Sent = { url: string; init: RequestInit };

/** What the site sent to the lead service (the one fetch call), or undefined if it sent nothing. */
let sent: Sent | undefined;
let answer: () => Promise<Response>;

beforeEach(() => {
  sent = undefined;
  answer = async () => new Response('{"id": 1, "status": "received"}', { status: 201 });
  vi.stubEnv("LEAD_SERVICE_URL", SERVICE);
  vi.stubEnv("MAX_BODY_BYTES", "");
  vi.stubEnv("TRUSTED_PROXY_HOPS", "");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL, init: RequestInit) => {
      expect(sent, "one request per forwarded request").toBeUndefined();
      sent = { url: String(url), init };
      return answer();
    }),
  );
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new NextRequest(`${SITE}${path}`, { method: init.method ?? "GET", headers: init.headers, body: init.body });
}

/** The headers the site sent, but the request id that every request carries (see sentRequestId). */
function sentHeaders(): Record<string, string> {
  expect(sent).toBeDefined();
  const headers = new Headers(sent!.init.headers);
  headers.delete("x-request-id");
  return Object.fromEntries(headers.entries());
}

function sentRequestId(): string | null {
  expect(sent).toBeDefined();
  return new Headers(sent!.init.headers).get("x-request-id");
}

describe("which paths are forwarded", () => {
  it("sends the path and query under /api/ to LEAD_SERVICE_URL with the method", async () => {
    const response = await forwardToLeadService(request("/api/quote?source=hero&x=1", { method: "POST", body: "{}" }));

    expect(response.status).toBe(201);
    expect(sent!.url).toBe(`${SERVICE}/api/quote?source=hero&x=1`);
    expect(sent!.init.method).toBe("POST");
    // A redirect is the browser's to follow, and nothing is cached.
    expect(sent!.init.redirect).toBe("manual");
    expect(sent!.init.cache).toBe("no-store");
    expect(sent!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("uses http://127.0.0.1:5000 when LEAD_SERVICE_URL is unset", async () => {
    vi.stubEnv("LEAD_SERVICE_URL", "");
    await forwardToLeadService(request("/api/download/profile"));

    expect(sent!.url).toBe("http://127.0.0.1:5000/api/download/profile");
  });

  // "/api/%2E%2E/x" is resolved by the URL parser to "/x".
  const outside = ["/healthz", "/api", "/apix/quote", "/inbox/api/quote", "/api/%2E%2E/x"];
  it.each(outside)("answers 404 for %s, outside /api/", async (path) => {
    const response = await forwardToLeadService(request(path));

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 404, message: "Not Found" });
    expect(sent).toBeUndefined();
  });

  it.each(["/api/%2e%2e%2fhealthz", "/api/inbox%2fleads", "/api/x%5Cy", "/api/x%2Ey"])(
    "answers 404 for %s, whose encoded dots or slashes could leave /api/ upstream",
    async (path) => {
      const response = await forwardToLeadService(request(path));

      expect(response.status).toBe(404);
      expect(sent).toBeUndefined();
    },
  );
});

describe("which request headers are passed on", () => {
  it("passes the ones the lead API reads and no other", async () => {
    const passed = {
      "content-type": "application/json",
      accept: "application/json",
      "accept-language": "en-GB",
      "idempotency-key": "5b0c5c35-8f0e-4d1b-9a53-3f6f3a0f6c11",
      "deployment-check": "1764460800.00",
      range: "bytes=0-99",
      "if-range": '"v1"',
      "if-match": '"v1"',
      "if-none-match": '"v1"',
      "if-modified-since": "Tue, 24 Nov 2026 10:00:00 GMT",
      "user-agent": "Visitor/1.0",
      origin: "https://www.example.com",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    };
    const kept = {
      cookie: "session=secret",
      authorization: "Bearer secret",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
      "x-real-ip": "203.0.113.9",
      forwarded: "for=203.0.113.9",
      referer: "https://www.example.com/",
      "x-custom": "1",
    };
    await forwardToLeadService(request("/api/quote", { method: "POST", headers: { ...passed, ...kept }, body: "{}" }));

    expect(sentHeaders()).toEqual(passed);
  });
});

describe("the visitor's address (X-Forwarded-For through TRUSTED_PROXY_HOPS)", () => {
  async function forwardedFor(hops: string, header?: string): Promise<string | undefined> {
    vi.stubEnv("TRUSTED_PROXY_HOPS", hops);
    const headers: Record<string, string> = header === undefined ? {} : { "x-forwarded-for": header };
    await forwardToLeadService(request("/api/contact", { headers }));
    return sentHeaders()["x-forwarded-for"];
  }

  it("sends none when no proxy is trusted, whatever the client wrote", async () => {
    expect(await forwardedFor("", "203.0.113.7")).toBeUndefined();
    sent = undefined;
    expect(await forwardedFor("0", "203.0.113.7")).toBeUndefined();
  });

  it("takes the entry the one trusted proxy appended, not the client's own", async () => {
    expect(await forwardedFor("1", "198.51.100.66, 203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts hops from the right: with two proxies, the entry the farther one appended", async () => {
    expect(await forwardedFor("2", "198.51.100.66, 203.0.113.7, 10.0.0.2")).toBe("203.0.113.7");
  });

  it("trims the entry and accepts IPv6", async () => {
    expect(await forwardedFor("1", "198.51.100.66,  2001:db8::1 ")).toBe("2001:db8::1");
  });

  it.each([
    ["fewer entries than hops", "2", "203.0.113.7"],
    ["no header", "1", undefined],
    ["an entry that is not an address", "1", "198.51.100.66, unknown"],
    ["an address with a port", "1", "203.0.113.7:4711"],
    ["an empty entry", "1", "203.0.113.7, "],
  ])("sends none for %s", async (_case, hops, header) => {
    expect(await forwardedFor(hops, header)).toBeUndefined();
  });
});

describe("the request body", () => {
  it("forwards the body's bytes as they came", async () => {
    const body = '{"name": "Ayesha", "note": "ü ✓"}';
    await forwardToLeadService(request("/api/contact", { method: "POST", body }));

    expect(new TextDecoder().decode(sent!.init.body as Uint8Array)).toBe(body);
  });

  it("sends no body with GET", async () => {
    await forwardToLeadService(request("/api/download/profile"));

    expect(sent!.init.body).toBeUndefined();
  });

  it("forwards a body of exactly MAX_BODY_BYTES", async () => {
    vi.stubEnv("MAX_BODY_BYTES", "10");
    const response = await forwardToLeadService(request("/api/contact", { method: "POST", body: "x".repeat(10) }));

    expect(response.status).toBe(201);
    expect((sent!.init.body as Uint8Array).byteLength).toBe(10);
  });

  it("stops a longer body here with 413, counting bytes rather than characters", async () => {
    vi.stubEnv("MAX_BODY_BYTES", "10");
    const response = await forwardToLeadService(request("/api/contact", { method: "POST", body: "ü".repeat(6) }));

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413 });
    expect(sent).toBeUndefined();
  });

  it("stops a request whose Content-Length is over the limit before reading it", async () => {
    const response = await forwardToLeadService(
      request("/api/contact", { method: "POST", headers: { "content-length": String(64 * 1024 + 1) }, body: "{}" }),
    );

    expect(response.status).toBe(413);
    expect(sent).toBeUndefined();
  });
});

describe("the answer", () => {
  it("keeps the status, body and the headers the browser needs, and drops the hop-by-hop and server ones", async () => {
    answer = async () =>
      new Response("%PDF-partial", {
        status: 206,
        headers: {
          "content-type": "application/pdf",
          "content-range": "bytes 0-11/5000",
          etag: '"v1"',
          "retry-after": "60",
          "cache-control": "no-store",
          "access-control-allow-origin": "https://www.example.com",
          "content-length": "12",
          "content-encoding": "gzip",
          connection: "keep-alive",
          "keep-alive": "timeout=5",
          server: "gunicorn",
          "x-powered-by": "Flask",
          via: "1.1 lead-service",
        },
      });
    const response = await forwardToLeadService(request("/api/download/profile", { headers: { range: "bytes=0-11" } }));

    expect(response.status).toBe(206);
    expect(await response.text()).toBe("%PDF-partial");
    expect(Object.fromEntries(response.headers.entries())).toEqual({
      "content-type": "application/pdf",
      "content-range": "bytes 0-11/5000",
      etag: '"v1"',
      "retry-after": "60",
      "cache-control": "no-store",
      "access-control-allow-origin": "https://www.example.com",
    });
  });

  it("passes a redirect on rather than following it", async () => {
    answer = async () => new Response(null, { status: 302, headers: { location: "/api/openapi.json" } });
    const response = await forwardToLeadService(request("/api/docs"));

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/api/openapi.json");
  });

  it("passes the service's own errors on unchanged", async () => {
    answer = async () => Response.json({ errors: { email: ["Invalid email address"] } }, { status: 400 });
    const response = await forwardToLeadService(request("/api/contact", { method: "POST", body: "{}" }));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { email: ["Invalid email address"] } });
  });

  it("turns a service that is down into a JSON 503 with Retry-After", async () => {
    answer = async () => {
      throw new TypeError("fetch failed");
    };
    const response = await forwardToLeadService(request("/api/quote", { method: "POST", body: "{}" }));

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toMatchObject({ code: 503, message: "Service Unavailable" });
  });
});

describe("the request id that follows a request through the logs", () => {
  const NGINX_ID = "0f5c2a9e4b7d41c3a8e6f1d2c3b4a596";
  const post = (hops: string, id: string) => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", hops);
    return forwardToLeadService(request("/api/contact", { method: "POST", body: "{}", headers: { "x-request-id": id } }));
  };

  it("keeps the id nginx passed when a proxy in front is trusted", async () => {
    await post("1", NGINX_ID);

    expect(sentRequestId()).toBe(NGINX_ID);
  });

  it.each([
    ["a visitor's own, with no proxy trusted", "0", NGINX_ID],
    ["one that could forge a log line", "1", 'abc" "status": 200'],
    ["one too short to be an id", "1", "abc"],
  ])("makes a new id instead of %s", async (_, hops, passed) => {
    await post(hops, passed);

    const id = sentRequestId();
    expect(id).not.toBe(passed);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers its own errors with the id it would have sent", async () => {
    answer = async () => {
      throw new TypeError("fetch failed");
    };
    const response = await forwardToLeadService(request("/api/quote", { method: "POST", body: "{}" }));

    const id = response.headers.get("x-request-id");
    expect(id).toBe(sentRequestId());
    expect(await response.json()).toMatchObject({ code: 503, request_id: id });
  });
});

describe("the staff inbox (/api/inbox/): its cookies, CSRF headers and Set-Cookie, and nowhere else", () => {
  const SESSION = "__Host-inbox-session=s3ss10n-t0ken_A";
  const CSRF = "__Host-inbox-csrf=csrf-t0ken-B";
  const DEVICE = "__Host-inbox-device=n0nce.acc0unt.mac";
  // With what else a browser sends the site (analytics, the consent choice) and names close to the inbox's.
  const OTHERS = ["_ga=GA1.1.123", "consent=analytics%3D1", "inbox-session=x", "__Host-inbox-sessions=y"];
  const ALL_COOKIES = [OTHERS[0], SESSION, OTHERS[1], DEVICE, CSRF, ...OTHERS.slice(2)].join("; ");
  const INBOX_HEADERS = { "x-csrf-token": "csrf-t0ken-B", "sec-fetch-site": "same-origin" };

  it("sends the inbox's own three cookies, unchanged and in the browser's order, and no other", async () => {
    await forwardToLeadService(request("/api/inbox/session", { headers: { cookie: ALL_COOKIES } }));

    expect(sentHeaders().cookie).toBe(`${SESSION}; ${DEVICE}; ${CSRF}`);
  });

  it("sends no Cookie header when the browser sent none of the inbox's", async () => {
    await forwardToLeadService(request("/api/inbox/session", { headers: { cookie: "_ga=GA1.1.123; consent=1" } }));

    expect(sentHeaders()).not.toHaveProperty("cookie");
  });

  it("sends the CSRF token, Sec-Fetch-Site and Origin with an inbox change", async () => {
    const headers = { ...INBOX_HEADERS, origin: SITE, "content-type": "application/json", cookie: SESSION };
    await forwardToLeadService(request("/api/inbox/sign-out", { method: "POST", headers, body: "{}" }));

    expect(sentHeaders()).toEqual(headers);
  });

  it.each(["/api/leads", "/api/consent", "/api/quote", "/api/inbox"])(
    "sends none of them to %s, outside /api/inbox/",
    async (path) => {
      const headers = { ...INBOX_HEADERS, cookie: ALL_COOKIES, "content-type": "application/json" };
      await forwardToLeadService(request(path, { method: "POST", headers, body: "{}" }));

      expect(sentHeaders()).toEqual({ "content-type": "application/json" });
    },
  );

  it("decides on the resolved path: a dot segment out of /api/inbox/ leaves the cookie behind", async () => {
    await forwardToLeadService(request("/api/inbox/../consent", { headers: { cookie: SESSION } }));

    expect(sent!.url).toBe(`${SERVICE}/api/consent`);
    expect(sentHeaders()).not.toHaveProperty("cookie");
  });

  // As a sign-in's second step answers: the new session set, the pre-sign-in CSRF cookie cleared.
  function answerSettingCookies() {
    answer = async () => {
      const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
      headers.append("set-cookie", `${SESSION}; Path=/; Secure; HttpOnly; SameSite=Strict`);
      headers.append("set-cookie", "__Host-inbox-csrf=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/");
      return new Response('{"stage": "signed_in"}', { status: 200, headers });
    };
  }

  it("passes each of an inbox answer's Set-Cookie headers back on its own, with its Cache-Control", async () => {
    answerSettingCookies();
    const response = await forwardToLeadService(request("/api/inbox/session/code", { method: "POST", body: "{}" }));

    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      `${SESSION}; Path=/; Secure; HttpOnly; SameSite=Strict`,
      "__Host-inbox-csrf=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/",
    ]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ stage: "signed_in" });
  });

  it.each(["/api/leads", "/api/consent", "/api/download/profile"])(
    "drops a Set-Cookie from the answer to %s",
    async (path) => {
      answerSettingCookies();
      const response = await forwardToLeadService(request(path));

      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.has("set-cookie")).toBe(false);
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );
});

describe("how long the service has", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up on an answer that has not come within 15 s", async () => {
    vi.useFakeTimers();
    answer = () =>
      new Promise((_resolve, reject) => sent!.init.signal!.addEventListener("abort", () => reject(new Error("aborted"))));
    const forwarded = forwardToLeadService(request("/api/inbox/leads"));
    await vi.advanceTimersByTimeAsync(15_000);

    expect((await forwarded).status).toBe(503);
  });

  it("lets an answer's body stream past the 15 s once the answer came", async () => {
    vi.useFakeTimers();
    answer = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });
    await forwardToLeadService(request("/api/inbox/leads/export"));
    await vi.advanceTimersByTimeAsync(60_000);

    expect(sent!.init.signal!.aborted).toBe(false);
  });
});

describe("the API for the team's other tools (/api/v1/): its token, and nothing of a browser's", () => {
  const TOKEN = "Bearer lsk_t0ken";

  it("sends the token, and neither the inbox's cookies nor its CSRF headers", async () => {
    const headers = {
      authorization: TOKEN,
      cookie: "__Host-inbox-session=s3ss10n",
      "x-csrf-token": "csrf",
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    };
    await forwardToLeadService(request("/api/v1/leads/7", { method: "PATCH", headers, body: "{}" }));

    expect(sentHeaders()).toEqual({ authorization: TOKEN, "content-type": "application/json" });
  });

  it.each(["/api/inbox/leads", "/api/quote"])("sends no token to %s", async (path) => {
    await forwardToLeadService(request(path, { headers: { authorization: TOKEN } }));

    expect(sentHeaders()).not.toHaveProperty("authorization");
  });

  it("passes no Set-Cookie back", async () => {
    answer = async () => new Response("{}", { status: 200, headers: { "set-cookie": "x=1; Path=/" } });

    const response = await forwardToLeadService(request("/api/v1/leads", { headers: { authorization: TOKEN } }));

    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("an inbox origin of its own (INBOX_URL)", () => {
  const INBOX_API = "http://inbox-api.internal:5001";

  beforeEach(() => {
    vi.stubEnv("INBOX_URL", "https://inbox.site.example");
    vi.stubEnv("INBOX_API_URL", INBOX_API);
  });

  it("sends the inbox's API, asked on the inbox's origin, to INBOX_API_URL", async () => {
    await forwardToLeadService(request("/api/inbox/session", { headers: { host: "Inbox.Site.Example:443" } }));

    expect(sent!.url).toBe(`${INBOX_API}/api/inbox/session`);
  });

  it("sends the tools' API, asked on the inbox's origin, to INBOX_API_URL", async () => {
    await forwardToLeadService(request("/api/v1/changes", { headers: { host: "inbox.site.example" } }));

    expect(sent!.url).toBe(`${INBOX_API}/api/v1/changes`);
  });

  it("sends the rest, asked on the site's origin, to LEAD_SERVICE_URL", async () => {
    await forwardToLeadService(request("/api/quote", { method: "POST", headers: { host: "site.example" }, body: "{}" }));

    expect(sent!.url).toBe(`${SERVICE}/api/quote`);
  });

  it.each([
    ["the inbox's API on the site's origin", "/api/inbox/session", "site.example"],
    ["the inbox's API on another name", "/api/inbox/leads/export", "inbox.site.example.evil.example"],
    ["the inbox's API with no Host", "/api/inbox/session", undefined],
    ["the site's API on the inbox's origin", "/api/contact", "inbox.site.example"],
    ["the tools' API on the site's origin", "/api/v1/leads", "site.example"],
  ])("answers 404 for %s, and sends nothing", async (_case, path, host) => {
    const response = await forwardToLeadService(request(path, { headers: host ? { host } : {} }));

    expect(response.status).toBe(404);
    expect(sent).toBeUndefined();
  });
});
