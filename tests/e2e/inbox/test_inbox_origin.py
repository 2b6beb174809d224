"""The inbox on an origin of its own, as `make run` serves it and behind the repository's nginx: a
staff member signed in to the inbox opens a public page, and a script run there, as a tag would
run, reads nothing of the inbox and changes nothing; each origin answers only its own paths."""

import pytest
import requests
from sqlalchemy import create_engine, text

from ...support.inbox import PASSWORD, inbox_site, next_code, sign_in
from ...support.site import hydrated

pytestmark = pytest.mark.e2e

STAFF = "tagged@staff.example"
LEAD = {
    "name": "Imran Chowdhury",
    "email": "imran@deltalooms.io",
    "company": "Delta Looms",
    "phone": "+8801712345678",
    "message": "Please call about an LMS.",
    "page": "/",
}

# What a tag on a public page could try, with the staff member's browser: the inbox's paths on the
# page's own origin; the inbox's origin read with the browser's cookies; the export, a sign-out, an
# erasure and a password step sent blind (no-cors) to be answered where the page cannot look; the
# inbox framed, and opened in a window, to be read from there. Each try's outcome, as a string.
TAG = """async (inbox) => {
  const outcome = async (attempt) => {
    try { return String(await attempt()); } catch (error) { return `refused: ${error.name}`; }
  };
  const blind = (path, init = {}) =>
    fetch(inbox + path, { credentials: "include", mode: "no-cors", ...init }).then((r) => r.type);
  const post = { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" };
  const tries = {
    cookies: await outcome(() => document.cookie),
    sameOriginSession: await outcome(() => fetch("/api/inbox/session").then((r) => r.status)),
    sameOriginPage: await outcome(() => fetch("/inbox").then((r) => r.status)),
    sameOriginSignIn: await outcome(() => fetch("/api/inbox/sign-in").then((r) => r.status)),
    readSession: await outcome(() =>
      fetch(inbox + "/api/inbox/session", { credentials: "include" }).then((r) => r.text())),
    readLeads: await outcome(() =>
      fetch(inbox + "/api/inbox/leads", { credentials: "include" }).then((r) => r.text())),
    export: await outcome(() => blind("/api/inbox/leads/export")),
    signOut: await outcome(() => blind("/api/inbox/sign-out", post)),
    erase: await outcome(() => blind("/api/inbox/erase", post)),
    signIn: await outcome(() => blind("/api/inbox/sign-in", post)),
  };
  const frame = document.createElement("iframe");
  frame.src = inbox + "/inbox";
  document.body.append(frame);
  await new Promise((done) => { frame.onload = done; setTimeout(done, 3000); });
  tries.framed = await outcome(() => frame.contentDocument?.body?.innerText ?? "nothing");
  const opened = window.open(inbox + "/inbox");
  await new Promise((done) => setTimeout(done, 2000));
  tries.opened = await outcome(() => opened?.document?.body?.innerText ?? "nothing");
  opened?.close();
  return tries;
}"""


@pytest.fixture(scope="module", params=["make-run", "nginx"])
def sites(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"inbox-origin-{request.param}")
    url = f"sqlite:///{tmp / 'leads.db'}"
    engine = create_engine(url)
    with inbox_site(tmp, url, engine, behind_nginx=request.param == "nginx") as found:
        yield found
    engine.dispose()


def _leads(sites) -> int:
    with sites.engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM leads")).scalar_one()


def test_a_tag_on_a_public_page_reads_nothing_of_the_inbox_and_changes_nothing(sites, browser):
    sites.post_lead("/api/contact", LEAD)
    secret = sites.enrolled_staff(STAFF, "admin")
    context = browser.new_context(base_url=sites.url)
    try:
        staff = context.new_page()
        sign_in(staff, STAFF, next_code(secret))
        assert LEAD["name"] in staff.content()
        trail = sites.audit_actions(STAFF)

        public = context.new_page()
        public.goto(f"{sites.site}/")
        public.wait_for_function(hydrated("header button"))
        tries = public.evaluate(TAG, sites.url)

        # Nothing read: the inbox is not on the page's origin, and its own answers the page cannot see.
        assert "inbox" not in tries.pop("cookies")
        assert [tries.pop(name) for name in ("sameOriginSession", "sameOriginPage", "sameOriginSignIn")] == [
            "404"
        ] * 3
        assert tries.pop("readSession") == tries.pop("readLeads") == "refused: TypeError"
        # Sent blind, each answer is opaque to the page, or withheld from it altogether (Chromium's
        # opaque-response blocking, for a JSON answer): either way it reads nothing.
        blind = [tries.pop(name) for name in ("export", "signOut", "erase", "signIn")]
        assert set(blind) <= {"opaque", "refused: TypeError"}, blind
        shown = [tries.pop("framed"), tries.pop("opened")]
        assert all(outcome in ("nothing", "refused: SecurityError") for outcome in shown), shown
        assert tries == {}

        # Nothing changed: still signed in, no export, sign-out or erasure on the trail, the lead kept.
        staff.reload()
        staff.get_by_role("heading", name="Leads").wait_for()
        assert LEAD["name"] in staff.content()
        assert sites.audit_actions(STAFF) == [*trail, "leads_listed"]  # the reload's, alone
        assert _leads(sites) == 1
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/inbox", "/inbox/login", "/api/inbox/session", "/api/inbox/sign-in"])
def test_the_public_origin_has_no_inbox(sites, path):
    assert requests.get(f"{sites.site}{path}", timeout=10).status_code == 404


@pytest.mark.parametrize("path", ["/services", "/company", "/api/contact", "/opengraph-image"])
def test_the_inbox_origin_has_nothing_of_the_public_site(sites, path):
    assert requests.get(f"{sites.url}{path}", timeout=10, allow_redirects=False).status_code == 404


def test_the_inbox_origins_root_leads_to_the_inbox_and_its_sign_in_works(sites, browser):
    root = requests.get(f"{sites.url}/", timeout=10, allow_redirects=False)
    assert root.status_code in (307, 308)
    assert root.headers["Location"].endswith("/inbox")
    # The password step through this origin is taken: the service knows it as the inbox's.
    page = browser.new_context(base_url=sites.url).new_page()
    try:
        sites.add_staff("second@staff.example", "viewer", PASSWORD)
        page.goto("/")
        page.wait_for_url("**/inbox/login**")
        page.wait_for_function(hydrated("form button[type=submit]"))
        page.get_by_label("Email").fill("second@staff.example")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Continue").click()
        page.get_by_role("heading", name="Set up your authenticator app").wait_for()
    finally:
        page.context.close()
