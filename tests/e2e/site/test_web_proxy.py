"""The site's own origin serves the lead API: `next start` forwards /api/* to the real lead service,
and only the paths under /api/ and the headers the service reads."""

import http.client
import threading
import uuid
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from lead_service import content

from ...support.servers import lead_service, web

pytestmark = pytest.mark.e2e

QUOTE = {
    "name": "Farah Iqbal",
    "email": "farah@lumen.example",
    "phone": "+880 1812-345678",
    "project": "An LMS for our nursing college",
    "budget": "5000$ - 10000$ Estimated",
    "country": "Bangladesh",
    "page": "/",
}


def test_home_page_is_server_rendered(web_url):
    response = requests.get(f"{web_url}/", timeout=10)

    assert response.status_code == 200
    assert f"<title>{content.load('site')['name']}</title>" in response.text
    assert content.load("home")["hero"]["headline"] in response.text.split("<h1", 1)[1]


def test_quote_through_the_site_is_stored(web_url, lead_engine):
    response = requests.post(f"{web_url}/api/quote", json=QUOTE, timeout=10)

    assert response.status_code == 201
    lead_id = response.json()["id"]
    assert response.json() == {
        "id": lead_id,
        "status": "received",
        "phone": "+8801812345678",
        "country": "Bangladesh",
    }
    with lead_engine.connect() as connection:
        row = connection.execute(
            text("SELECT name, phone, budget, page FROM leads WHERE form = 'quote' AND id = :id"),
            {"id": lead_id},
        ).one()
    assert tuple(row) == ("Farah Iqbal", "+8801812345678", "5000$ - 10000$ Estimated", "/")


def test_validation_errors_come_back_unchanged(web_url):
    response = requests.post(f"{web_url}/api/contact", json={"name": "Only a name"}, timeout=10)

    assert response.status_code == 400
    assert response.json()["errors"]["email"] == ["Email is required"]


def test_profile_download_keeps_its_headers_ranges_and_etag(web_url):
    full = requests.get(f"{web_url}/api/download/profile", timeout=10)
    assert full.status_code == 200
    assert full.headers["Content-Type"] == "application/pdf"
    assert full.headers["Content-Disposition"].startswith("attachment; filename=")
    assert full.content.startswith(b"%PDF-")

    partial = requests.get(f"{web_url}/api/download/profile", headers={"Range": "bytes=0-4"}, timeout=10)
    assert partial.status_code == 206 and partial.content == b"%PDF-"

    cached = requests.get(
        f"{web_url}/api/download/profile", headers={"If-None-Match": full.headers["ETag"]}, timeout=10
    )
    assert cached.status_code == 304


def test_unknown_api_path_is_a_json_404(web_url):
    response = requests.get(f"{web_url}/api/nothing-here", timeout=10)

    assert response.status_code == 404
    assert response.json()["code"] == 404


def test_a_stopped_lead_service_is_a_json_503_with_retry_after(web_without_service):
    response = requests.post(f"{web_without_service}/api/quote", json=QUOTE, timeout=30)

    assert response.status_code == 503
    assert response.json()["code"] == 503
    assert int(response.headers["Retry-After"]) > 0


def test_a_body_over_the_limit_stops_at_the_site(web_without_service):
    """413, not the 503 of the service behind: the body was never sent on."""
    response = requests.post(
        f"{web_without_service}/api/contact",
        data=b'{"message": "' + b"x" * 70_000 + b'"}',
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413
    assert response.json()["code"] == 413


def test_a_chunked_body_over_the_limit_stops_at_the_site_too(web_without_service):
    chunks = (b"x" * 8192 for _ in range(10))
    response = requests.post(
        f"{web_without_service}/api/contact",
        data=chunks,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413


def test_no_answer_names_the_lead_services_address(web_url, lead_service_url):
    internal = lead_service_url.removeprefix("http://")
    for response in (
        requests.post(f"{web_url}/api/contact", json={}, timeout=10),
        requests.get(f"{web_url}/api/download/profile", headers={"Range": "bytes=0-4"}, timeout=10),
        requests.get(f"{web_url}/api/nothing-here", timeout=10),
    ):
        assert not [
            name for name, value in response.headers.items() if internal in value or "rewrite" in name
        ]


# The forwarder's own rules, seen from the service's side: a recording server stands in for it.
CONTACT = {
    "name": "Rafi Ahmed",
    "company": "Lumen",
    "email": "rafi@lumen.co",
    "phone": "+8801712345678",
    "message": "A quote, please.",
}
# What a client may send that must never reach the lead service.
FORGED = {
    "Cookie": "session=secret",
    "Authorization": "Bearer secret",
    "X-Forwarded-For": "198.51.100.1, 203.0.113.7",
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "https",
    "Forwarded": "for=203.0.113.8",
    "X-Real-IP": "203.0.113.9",
}

# The staff inbox's own cookies, and what its sign-in answers with: the session set, the CSRF cookie
# of before sign-in cleared. Every answer of the recorder below sets these.
INBOX_COOKIES = "__Host-inbox-session=s3ss10n; __Host-inbox-csrf=t0ken"
SET_COOKIES = [
    "__Host-inbox-session=s3ss10n; Secure; HttpOnly; Path=/; SameSite=Strict",
    "__Host-inbox-csrf=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Secure; HttpOnly; Path=/",
]


class _Recording(BaseHTTPRequestHandler):
    def _answer(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.received.append((self.path, self.headers))
        status, payload = self._relay(body) if self.server.relay_to else (200, b'{"ok": true}')
        self.send_response(status)  # with Server: gunicorn, as the service's own answers have
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("X-Test", "kept")
        for cookie in SET_COOKIES:
            self.send_header("Set-Cookie", cookie)
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = _answer

    def _relay(self, body: bytes) -> tuple[int, bytes]:
        target = urlsplit(self.server.relay_to)
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
        headers = {name: value for name, value in self.headers.items() if name.lower() != "host"}
        connection.request(self.command, self.path, body, headers)
        answer = connection.getresponse()
        return answer.status, answer.read()

    def version_string(self) -> str:
        return "gunicorn"

    def log_message(self, *_args) -> None:
        pass


class Recorder(ThreadingHTTPServer):
    """Records each request's path and headers and answers 200 JSON setting two cookies, or passes
    it on to `relay_to`."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Recording)
        self.received: list[tuple[str, Message]] = []
        self.relay_to: str | None = None
        self.url = f"http://127.0.0.1:{self.server_address[1]}"


@pytest.fixture(scope="module")
def recorder():
    server = Recorder()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def received(recorder):
    recorder.received.clear()
    return recorder.received


@pytest.fixture(scope="module")
def site(tmp_path_factory, recorder):
    """The site as `make run` serves it, facing visitors: TRUSTED_PROXY_HOPS unset."""
    with web(tmp_path_factory.mktemp("web-recorded"), recorder.url) as url:
        yield url


@pytest.fixture(scope="module")
def site_behind_a_proxy(tmp_path_factory, recorder):
    """The site behind one proxy that appends to X-Forwarded-For, as nginx does."""
    settings = {"TRUSTED_PROXY_HOPS": "1"}
    with web(tmp_path_factory.mktemp("web-proxied"), recorder.url, settings=settings) as url:
        yield url


@pytest.fixture(scope="module")
def limited_service(tmp_path_factory):
    """A lead service with its limits on that believes one proxy's X-Forwarded-For, as in compose."""
    tmp = tmp_path_factory.mktemp("lead-service-limited")
    settings = {"RATELIMIT_ENABLED": "true", "RATELIMIT_DEFAULT": "5 per minute", "TRUSTED_PROXY_HOPS": "1"}
    # One process: each counts in its own memory, so two would split the count between them.
    settings["WEB_CONCURRENCY"] = "1"
    with lead_service(tmp, f"sqlite:///{tmp / 'leads.db'}", settings) as url:
        yield url


def raw_get(base: str, path: str) -> http.client.HTTPResponse:
    """GET with the path sent exactly as written (an HTTP library would tidy its escapes)."""
    connection = http.client.HTTPConnection(urlsplit(base).netloc, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return response


def test_only_the_lead_apis_own_headers_arrive(site, received):
    key = str(uuid.uuid4())
    response = requests.post(
        f"{site}/api/contact", json=CONTACT, headers={**FORGED, "Idempotency-Key": key}, timeout=30
    )

    assert response.status_code == 200
    assert "Server" not in response.headers
    assert response.headers["X-Test"] == "kept"
    [(path, headers)] = received
    assert path == "/api/contact"
    assert headers["Idempotency-Key"] == key
    assert headers["Content-Type"] == "application/json"
    # Facing visitors, the site cannot tell a forged X-Forwarded-For from its own: it sends none.
    assert not [name for name in headers if name.lower() in {name.lower() for name in FORGED}]


def test_the_inbox_alone_gets_its_cookies_and_csrf_headers_and_sets_cookies(site, received):
    headers = {
        "Cookie": f"_ga=GA1.1.42; {INBOX_COOKIES}; consent=analytics",
        "X-CSRF-Token": "t0ken",
        "Sec-Fetch-Site": "same-origin",
    }
    inbox = requests.post(f"{site}/api/inbox/session", json={}, headers=headers, timeout=30)
    consent = requests.post(f"{site}/api/consent", json={}, headers=headers, timeout=30)

    [(_, to_inbox), (_, to_consent)] = received
    assert to_inbox.get_all("Cookie") == [INBOX_COOKIES]
    assert (to_inbox["X-CSRF-Token"], to_inbox["Sec-Fetch-Site"]) == ("t0ken", "same-origin")
    assert not {"cookie", "x-csrf-token", "sec-fetch-site"} & {name.lower() for name in to_consent}
    # Each a header of its own, as the service sent them; none from outside the inbox.
    assert inbox.raw.headers.getlist("Set-Cookie") == SET_COOKIES
    assert "Set-Cookie" not in consent.headers


@pytest.mark.parametrize(
    ("sent", "arrives"),
    [({"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}, "203.0.113.7"), ({}, "127.0.0.1")],
)
def test_behind_one_proxy_the_address_it_added_arrives(site_behind_a_proxy, received, sent, arrives):
    """The right-most entry, which the proxy appended; without one, Next.js fills in the socket's."""
    requests.post(f"{site_behind_a_proxy}/api/contact", json=CONTACT, headers=sent, timeout=30)

    [(_, headers)] = received
    assert headers.get_all("X-Forwarded-For") == [arrives]
    assert "Forwarded" not in headers and "X-Real-IP" not in headers


@pytest.mark.parametrize(
    "path", ["/api/..%2fhealthz", "/api/%2E%2E%2Fhealthz", "/api/foo%5c..%5chealthz", "/api/contact%2e"]
)
def test_encoded_dots_slashes_and_backslashes_stop_at_the_site(site, received, path):
    response = raw_get(site, path)

    assert response.status == 404
    assert response.getheader("Content-Type") == "application/json"
    assert received == []


def test_dot_segments_are_resolved_before_they_reach_the_forwarder(site, received):
    """Next.js resolves "%2e%2e" itself, so this is its /healthz: the site's own 404 page."""
    assert raw_get(site, "/api/%2e%2e/healthz").status == 404
    assert received == []


def test_the_query_string_goes_along(site, received):
    requests.get(f"{site}/api/contact?x=1", timeout=30)

    assert [path for path, _ in received] == ["/api/contact?x=1"]


def test_forged_addresses_still_meet_the_rate_limit(site, recorder, limited_service):
    """Each post claims another address in every header a client can forge; all are the site's."""
    recorder.relay_to = limited_service
    try:
        statuses = [
            requests.post(
                f"{site}/api/contact",
                json=CONTACT,
                headers={
                    "X-Forwarded-For": f"203.0.113.{n}",
                    "Forwarded": f"for=198.51.100.{n}",
                    "X-Real-IP": f"192.0.2.{n}",
                },
                timeout=30,
            ).status_code
            for n in range(1, 7)
        ]
    finally:
        recorder.relay_to = None

    assert statuses[0] == 201
    assert 429 in statuses
