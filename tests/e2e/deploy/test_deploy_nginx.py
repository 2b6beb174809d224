"""deploy/nginx.conf for real: Debian's nginx runs the repository's file (only its listen port,
upstream servers, writable paths and trusted load balancers changed, see tests/support/servers.py)
in front of gunicorn and the site's standalone server, started as the web image starts it. Pages, a
form post, the profile with a range, the caches, the security headers, the size cap, the
visitor's address and scheme decided once (believed from a trusted load balancer only, so a
forged X-Forwarded-For still meets the rate limit), the staff inbox on a host name of its own and
nowhere else, cookies for the site and the staff inbox's API alone (against stand-in upstreams that
show what reached them), and a browser that meets no Content-Security-Policy violation on any
page."""

import gzip
import http.client
import re
import subprocess
import threading
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
import requests
from sqlalchemy import text

from ...support.consent import remember_choice, stand_in_for_tags
from ...support.servers import INBOX_HOST, lead_service, nginx_command, reverse_proxy, server, standalone_web
from ...support.site import NOT_FOUND, routes

pytestmark = pytest.mark.e2e

# As the load balancer in front of nginx in these tests: every request comes from 127.0.0.1.
LOAD_BALANCER = "127.0.0.1/32"
CONTACT = {
    "name": "Nadia Rahman",
    "company": "Brightfield",
    "email": "nadia@brightfield.co",
    "phone": "+8801712345678",
    "message": "Hello",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory, lead_service_url):
    with standalone_web(tmp_path_factory.mktemp("web"), lead_service_url) as url:
        yield url


@pytest.fixture(scope="module")
def nginx(tmp_path_factory, site, lead_service_url):
    tmp = tmp_path_factory.mktemp("nginx")
    command, url = nginx_command(tmp, site, lead_service_url)
    return command, url, tmp


@pytest.fixture(scope="module")
def proxy(nginx):
    command, url, tmp = nginx
    with server(command, {}, f"{url}/healthz/live", tmp / "nginx.log"):
        yield url


@pytest.fixture(scope="module")
def trusted_proxy(tmp_path_factory, site, lead_service_url):
    """The same nginx with 127.0.0.1 listed as a trusted load balancer."""
    with reverse_proxy(
        tmp_path_factory.mktemp("nginx-trusted"), site, lead_service_url, (LOAD_BALANCER,)
    ) as url:
        yield url


@pytest.fixture(scope="module")
def limited_service(tmp_path_factory):
    """A lead service of this module's own with its rate limits on, 5 posts a minute per client,
    believing one X-Forwarded-For entry as docker-compose.yml has it (one worker: the counts are
    in its memory)."""
    tmp = tmp_path_factory.mktemp("lead-service-limited")
    settings = {
        "RATELIMIT_ENABLED": "true",
        "RATELIMIT_DEFAULT": "5 per minute",
        "TRUSTED_PROXY_HOPS": "1",
        "WEB_CONCURRENCY": "1",
    }
    with lead_service(tmp, f"sqlite:///{tmp / 'leads.db'}", settings) as url:
        yield url


def contact_from(proxy: str, addresses: list[str], forwarded_for: str = "{}") -> list[int]:
    """Posts a lead through `proxy` once per address, each claiming to come from it in every
    header that names a client; `forwarded_for` places it in X-Forwarded-For. The statuses."""
    statuses = []
    for address in addresses:
        headers = {
            "X-Forwarded-For": forwarded_for.format(address),
            "X-Real-IP": address,
            "Forwarded": f"for={address}",
        }
        response = requests.post(f"{proxy}/api/contact", json=CONTACT, headers=headers, timeout=10)
        statuses.append(response.status_code)
    return statuses


def get(url: str, **headers) -> requests.Response:
    return requests.get(url, headers=headers, timeout=10)


def test_nginx_t_accepts_the_configuration(nginx):
    command, _, _ = nginx
    checked = subprocess.run([*command, "-t"], check=False, capture_output=True, text=True)

    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr and "[warn]" not in checked.stderr


def test_a_page_is_compressed_micro_cached_and_carries_the_security_headers(proxy):
    first = get(f"{proxy}/about", **{"Accept-Encoding": "gzip"})
    second = get(f"{proxy}/about", **{"Accept-Encoding": "gzip"})

    assert first.status_code == second.status_code == 200
    assert "<h1" in first.text
    assert first.headers["Content-Encoding"] == "gzip"
    assert (first.headers["X-Cache-Status"], second.headers["X-Cache-Status"]) == ("MISS", "HIT")
    csp = first.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    for name, value in [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]:
        assert second.headers[name] == value  # once: requests joins repeated headers with ", "
    assert "camera=()" in first.headers["Permissions-Policy"]
    assert "Strict-Transport-Security" not in first.headers
    # Not next start's year for shared caches: a CDN in front keeps a page as long as nginx does.
    assert second.headers["Cache-Control"] == "public, max-age=0, s-maxage=10, stale-while-revalidate=60"
    assert "X-Powered-By" not in first.headers and first.headers["Server"] == "nginx"


@pytest.mark.parametrize("path", ["/about", "/healthz/live", "/api/download/profile"])
def test_hsts_once_and_only_when_the_load_balancer_says_the_visitor_came_over_https(
    proxy, trusted_proxy, path
):
    visitor = {"X-Forwarded-For": "198.51.100.20"}
    over_tls = get(f"{trusted_proxy}{path}", **visitor, **{"X-Forwarded-Proto": "https"})
    plain = get(f"{trusted_proxy}{path}", **visitor)
    # Straight from a visitor, the header is the visitor's word: no HSTS, no cached HTTPS page.
    claimed = get(f"{proxy}{path}", **{"X-Forwarded-Proto": "https"})

    assert over_tls.headers["Strict-Transport-Security"] == "max-age=63072000; includeSubDomains"
    assert "Strict-Transport-Security" not in plain.headers
    assert "Strict-Transport-Security" not in claimed.headers


def test_a_quote_goes_straight_to_the_lead_service_and_is_stored(proxy, lead_engine):
    body = {
        "name": "Proxy Visitor",
        "email": "proxy@example.com",
        "phone": "+44 20 7946 0958",
        "project": "Sent through nginx",
        "budget": "1000$ - 5000$ Estimated",
    }
    response = requests.post(f"{proxy}/api/quote", json=body, timeout=10)

    assert response.status_code == 201, response.text
    assert response.headers["Cache-Control"] == "no-store"
    assert "X-Cache-Status" not in response.headers
    with lead_engine.connect() as connection:
        stored = connection.execute(
            text("SELECT email FROM leads WHERE form = 'quote' AND id = :id"), {"id": response.json()["id"]}
        ).scalar_one()
    assert stored == "proxy@example.com"


def test_a_forged_client_address_still_meets_the_rate_limit(tmp_path, site, limited_service):
    forged = [f"203.0.113.{n}" for n in range(1, 7)]
    with reverse_proxy(tmp_path, site, limited_service) as proxy:
        statuses = contact_from(proxy, forged)

    # Nobody in front is trusted: every post is 127.0.0.1's, whatever it claims.
    assert statuses == [201] * 5 + [429]


def test_a_trusted_load_balancer_is_believed_and_only_its_own_entry(tmp_path, site, limited_service):
    with reverse_proxy(tmp_path, site, limited_service, (LOAD_BALANCER,)) as proxy:
        visitors = contact_from(proxy, [f"198.51.100.{n}" for n in range(1, 7)])
        # What a visitor put before the address the load balancer appended is not believed.
        one_visitor = contact_from(proxy, [f"203.0.113.{n}" for n in range(11, 17)], "{}, 192.0.2.99")

    assert visitors == [201] * 6  # six visitors, one post each
    assert one_visitor == [201] * 5 + [429]


def test_a_body_over_the_cap_stops_at_nginx_with_the_services_json_error(proxy):
    response = requests.post(
        f"{proxy}/api/quote",
        data=b"{" + b" " * 70_000 + b"}",
        headers={"Content-Type": "application/json"},
        timeout=10,
    )

    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/json"
    assert response.json()["code"] == 413
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_profile_downloads_whole_by_range_and_revalidates(proxy):
    whole = get(f"{proxy}/api/download/profile")
    part = get(f"{proxy}/api/download/profile", Range="bytes=0-99")
    again = get(f"{proxy}/api/download/profile", **{"If-None-Match": whole.headers["ETag"]})

    assert whole.status_code == 200 and whole.content.startswith(b"%PDF")
    assert "Content-Encoding" not in whole.headers
    assert part.status_code == 206
    assert part.headers["Content-Range"] == f"bytes 0-99/{len(whole.content)}"
    assert part.content == whole.content[:100]
    assert again.status_code == 304


def test_build_files_are_immutable_and_images_cached_a_week(proxy):
    page = get(f"{proxy}/")
    script = next(
        part.split('"')[0] for part in page.text.split('src="')[1:] if part.startswith("/_next/static/")
    )
    image = "/images/" + page.text.split('src="/images/', 1)[1].split('"')[0]

    for path, cache_control in [
        (script, "public, max-age=31536000, immutable"),
        (image, "public, max-age=604800, stale-while-revalidate=2592000"),
    ]:
        first, second = get(f"{proxy}{path}"), get(f"{proxy}{path}")
        assert first.status_code == 200, path
        assert second.headers["Cache-Control"] == cache_control
        assert second.headers["X-Cache-Status"] == "HIT"


def test_in_app_navigations_and_misses_are_never_cached(proxy):
    rsc = [get(f"{proxy}/about", RSC="1").headers["X-Cache-Status"] for _ in range(2)]
    missing = [get(f"{proxy}/blog/99") for _ in range(2)]

    assert rsc == ["BYPASS", "BYPASS"]
    assert [response.status_code for response in missing] == [404, 404]
    assert [response.headers["X-Cache-Status"] for response in missing] == ["MISS", "MISS"]
    assert missing[1].headers["Cache-Control"] == "private, no-cache, no-store, max-age=0, must-revalidate"
    assert NOT_FOUND["/blog"] in missing[1].text


def test_compression_is_nginxs_own_even_for_a_cached_page(proxy):
    get(f"{proxy}/team")
    cached = requests.get(f"{proxy}/team", headers={"Accept-Encoding": "gzip"}, timeout=10, stream=True)
    raw = cached.raw.read()

    assert cached.headers["X-Cache-Status"] == "HIT"
    assert "<h1" in gzip.decompress(raw).decode()


# As the inbox's sign-in answers: the new session set, the CSRF cookie of before sign-in cleared.
INBOX_SET_COOKIES = [
    "__Host-inbox-session=s3ss10n; Secure; HttpOnly; Path=/; SameSite=Strict",
    "__Host-inbox-csrf=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Secure; HttpOnly; Path=/",
]
VISITOR_COOKIES = "__Host-inbox-session=s3ss10n; _ga=GA1.1.42; consent=analytics"


class _StandIn(BaseHTTPRequestHandler):
    """Records each request's path and headers and answers 200 with the Cookie it got as the body:
    from /api/inbox/ with the service's no-store and two Set-Cookie, from /inbox as `next start`
    answers a page drawn from cookies."""

    def _answer(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.received.append((self.path, self.headers))
        body = (self.headers.get("Cookie") or "").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        if self.path.startswith("/api/inbox/"):
            self.send_header("Cache-Control", "no-store")
            for cookie in INBOX_SET_COOKIES:
                self.send_header("Set-Cookie", cookie)
        elif self.path.startswith("/inbox"):
            self.send_header("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *_args) -> None:
        pass


class StandIn(ThreadingHTTPServer):
    def __init__(self):
        super().__init__(("127.0.0.1", 0), _StandIn)
        self.received: list[tuple[str, Message]] = []
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        threading.Thread(target=self.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def stand_ins(tmp_path_factory):
    """deploy/nginx.conf in front of two recording stand-ins: (its URL, the web's, the service's)."""
    web, service = StandIn(), StandIn()
    with reverse_proxy(tmp_path_factory.mktemp("nginx-stand-ins"), web.url, service.url) as url:
        yield url, web, service
    for stand_in in (web, service):
        stand_in.shutdown()
        stand_in.server_close()


@pytest.fixture
def proxied(stand_ins):
    """nginx in front of the stand-ins, each with nothing received yet: (URL, web, service)."""
    for stand_in in stand_ins[1:]:
        stand_in.received.clear()
    return stand_ins


def raw_get(base: str, path: str, **headers) -> http.client.HTTPResponse:
    """GET with the path sent exactly as written (an HTTP library would resolve its dot segments)."""
    connection = http.client.HTTPConnection(urlsplit(base).netloc, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    return response


def inbox_of(proxy: str) -> str:
    """The inbox's origin on this nginx: its host name, the same port."""
    return proxy.replace("127.0.0.1", INBOX_HOST)


def test_the_inbox_api_gets_the_cookies_and_its_set_cookies_come_back_apart(proxied):
    proxy, _, service = proxied
    inbox = inbox_of(proxy)
    headers = {
        "Cookie": VISITOR_COOKIES,
        "X-CSRF-Token": "t0ken",
        "Origin": inbox,
        "Sec-Fetch-Site": "same-origin",
    }
    response = requests.post(f"{inbox}/api/inbox/session", json={}, headers=headers, timeout=10)

    [(path, received)] = service.received
    assert path == "/api/inbox/session"
    assert received.get_all("Cookie") == [VISITOR_COOKIES]
    # With the server's other proxy_set_header, which one in a location would have dropped.
    assert received.get_all("X-Forwarded-For") == ["127.0.0.1"]
    # What the inbox's guard checks before a change arrives as the browser sent it.
    assert (received["X-CSRF-Token"], received["Origin"], received["Sec-Fetch-Site"]) == (
        "t0ken",
        inbox,
        "same-origin",
    )
    assert response.raw.headers.getlist("Set-Cookie") == INBOX_SET_COOKIES
    assert response.headers["Cache-Control"] == "no-store"
    assert "X-Cache-Status" not in response.headers


@pytest.mark.parametrize(
    "path",
    [
        "/api/leads",
        "/api/consent",
        "/api/inbox",
        "/healthz",
        "/healthz/live",
        # Decided on the path the locations see: out of /api/inbox/ is out, however it is written.
        "/api/inbox/../leads",
        "/api/inbox/..%2Fconsent",
    ],
)
def test_the_rest_of_the_lead_service_gets_no_cookie(proxied, path):
    proxy, web, service = proxied
    response = raw_get(proxy, path, Cookie=VISITOR_COOKIES)

    assert response.status == 200
    [(_, received)] = service.received
    assert "Cookie" not in received
    assert web.received == []


def test_inbox_pages_get_the_cookie_and_never_meet_the_micro_cache(proxied):
    proxy, web, service = proxied
    first, second = (
        get(f"{inbox_of(proxy)}/inbox/leads", Cookie=f"__Host-inbox-session={user}")
        for user in ("ayesha", "bilal")
    )

    # Both asked of the site, each with its own session: neither stored, nor served to the other.
    assert [received["Cookie"] for _, received in web.received] == [
        "__Host-inbox-session=ayesha",
        "__Host-inbox-session=bilal",
    ]
    assert (first.text, second.text) == ("__Host-inbox-session=ayesha", "__Host-inbox-session=bilal")
    assert "X-Cache-Status" not in first.headers and "X-Cache-Status" not in second.headers
    assert second.headers["Cache-Control"] == "private, no-cache, no-store, max-age=0, must-revalidate"
    assert service.received == []


def test_the_tools_api_gets_the_token_and_no_cookie_on_the_inbox_host(proxied):
    proxy, web, service = proxied
    response = get(
        f"{inbox_of(proxy)}/api/v1/leads", Cookie=VISITOR_COOKIES, Authorization="Bearer lsk_t0ken"
    )

    assert response.status_code == 200
    [(path, received)] = service.received
    assert (path, received["Authorization"]) == ("/api/v1/leads", "Bearer lsk_t0ken")
    assert "Cookie" not in received
    assert web.received == []


@pytest.mark.parametrize(
    "path", ["/inbox", "/inbox/leads", "/api/inbox/session", "/api/inbox/sign-in", "/api/v1/leads"]
)
def test_the_public_host_has_no_inbox(proxied, path):
    proxy, web, service = proxied
    assert get(f"{proxy}{path}", Cookie=VISITOR_COOKIES).status_code == 404
    assert web.received == service.received == []


@pytest.mark.parametrize(
    "path", ["/team", "/services/8", "/api/contact", "/healthz/live", "/images/logo.svg"]
)
def test_the_inbox_host_has_nothing_of_the_public_site(proxied, path):
    proxy, web, service = proxied
    assert get(f"{inbox_of(proxy)}{path}").status_code == 404
    assert web.received == service.received == []


def test_the_inbox_hosts_root_leads_to_the_inbox_on_the_visitors_own_scheme_and_port(proxied):
    root = requests.get(f"{inbox_of(proxied[0])}/", allow_redirects=False, timeout=10)

    assert (root.status_code, root.headers["Location"]) == (307, "/inbox")


def test_other_pages_still_get_the_cookie_and_the_micro_cache(proxied):
    proxy, web, _ = proxied
    statuses = [get(f"{proxy}/team", Cookie=VISITOR_COOKIES).headers["X-Cache-Status"] for _ in range(2)]

    assert statuses == ["MISS", "HIT"]
    [(_, received)] = web.received
    assert received["Cookie"] == VISITOR_COOKIES


def one_of_each_page() -> list[str]:
    """Every page, with the first id of each detail route."""
    pages = {}
    for route in routes():
        pages.setdefault(re.sub(r"/\d+$", "/:id", route.path), route.path)
    return list(pages.values())


@pytest.mark.parametrize("consented", [False, True], ids=["no-consent", "all-consent"])
def test_no_page_breaks_the_content_security_policy(browser, proxy, consented):
    context = browser.new_context(base_url=proxy)
    page = context.new_page()
    asked = stand_in_for_tags(page)
    if consented:
        remember_choice(page, analytics=True, marketing=True)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (event) =>"
        " (window.__violations ||= []).push(`${event.violatedDirective} ${event.blockedURI}`));"
    )
    reports: list[str] = []
    page.on(
        "console", lambda message: reports.append(message.text) if "Security Policy" in message.text else None
    )
    try:
        for path in one_of_each_page():
            page.goto(path)
            page.wait_for_load_state("networkidle")
            assert page.evaluate("window.__violations || []") == [], path
        assert reports == []
        assert bool(asked) == consented  # the tags loaded, under the policy, only with consent
    finally:
        context.close()


def test_a_flood_of_sign_ins_stops_at_nginx_as_json(proxy):
    """The password step's POSTs, per visitor: past the burst, nginx answers 429 itself; the page
    that asks for its token (a GET) is not counted."""
    inbox = inbox_of(proxy)
    statuses = [
        requests.post(f"{inbox}/api/inbox/sign-in", json={}, timeout=10).status_code for _ in range(20)
    ]
    token = get(f"{inbox}/api/inbox/sign-in")

    assert 429 not in statuses[:11] and statuses[11:] == [429] * 9
    refused = requests.post(f"{inbox}/api/inbox/sign-in", json={}, timeout=10)
    assert refused.headers["Content-Type"] == "application/json"
    assert refused.json()["code"] == 429 and refused.headers["Retry-After"] == "60"
    assert refused.headers["X-Content-Type-Options"] == "nosniff"
    assert token.status_code == 200
