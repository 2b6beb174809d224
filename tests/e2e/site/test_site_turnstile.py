"""Cloudflare Turnstile end to end: the site built with a site key shows the check in its forms
and sends the token; the lead service, given the secret, has each token verified. Cloudflare's
script and siteverify cannot be reached from the tests, so a stand-in serves each; everything
between them is real."""

import pytest
from playwright.sync_api import expect
from sqlalchemy import create_engine

from lead_service.tests.receivers import Siteverify

from ...support.lead_forms import CONTACT, FORMS, fill, open_modal, rows, unique_email
from ...support.servers import build_web, lead_service, web
from ...support.site import visit

pytestmark = pytest.mark.e2e

SITE_KEY = "1x00000000000000000000AA"
SECRET = "0x4AAAAAAA-e2e-secret"
DIST = ".next-turnstile"
# Cloudflare's explicit-render API as the forms use it: a render hands out a new token at once; after
# a reset, the next one comes when the test has the visitor pass the check again (`pass()`), as a
# real challenge takes its time.
FAKE_API = """
window.turnstile = (() => {
  const widgets = {};
  const reset = [];
  let count = 0;
  const issue = (id) => setTimeout(() => widgets[id].callback(`token-${++count}`), 50);
  return {
    render(element, options) {
      const id = `widget-${Object.keys(widgets).length + 1}`;
      widgets[id] = options;
      element.dataset.sitekey = options.sitekey;
      element.textContent = "Security check";
      issue(id);
      return id;
    },
    reset(id) { reset.push(id); },
    remove(id) { delete widgets[id]; },
    pass() { reset.splice(0).forEach(issue); },
  };
})();
"""


@pytest.fixture(scope="module")
def turnstile_site(tmp_path_factory):
    """(site URL, siteverify stand-in, database engine) for a site and service with Turnstile on."""
    build_web(DIST, {"NEXT_PUBLIC_TURNSTILE_SITE_KEY": SITE_KEY})
    verifier = Siteverify(SECRET)
    home = tmp_path_factory.mktemp("turnstile")
    database = f"sqlite:///{home / 'leads.db'}"
    settings = {"TURNSTILE_SECRET_KEY": SECRET, "TURNSTILE_VERIFY_URL": verifier.url}
    engine = create_engine(database)
    try:
        with lead_service(home, database, settings) as service, web(home, service, DIST) as site:
            yield site, verifier, engine
    finally:
        engine.dispose()
        verifier.stop()


@pytest.fixture
def turnstile_page(browser, turnstile_site):
    site, _verifier, _engine = turnstile_site
    context = browser.new_context(base_url=site, viewport={"width": 1440, "height": 900})
    scripts: list[str] = []

    def serve_fake_api(route):
        scripts.append(route.request.url)
        route.fulfill(content_type="text/javascript", body=FAKE_API)

    context.route("https://challenges.cloudflare.com/**", serve_fake_api)
    page = context.new_page()
    page.turnstile_scripts = scripts
    yield page
    context.close()


def _lead(email: str) -> dict[str, str]:
    return {
        "name": "Grace Hopper",
        "company": "Compiler Co",
        "email": email,
        "phone": "+1 202 555 0143",
        "message": "Checked by Turnstile.",
    }


def test_the_check_loads_when_the_visitor_reaches_the_form_and_its_token_lets_the_lead_in(
    turnstile_page, turnstile_site
):
    _site, verifier, engine = turnstile_site
    verifier.good |= {f"token-{n}" for n in range(1, 4)}
    email = unique_email()
    visit(turnstile_page, "/team")
    assert turnstile_page.turnstile_scripts == []  # nothing from Cloudflare before the form is used

    dialog = open_modal(turnstile_page)
    expect(dialog.locator("[data-turnstile]")).to_have_attribute("data-sitekey", SITE_KEY)
    fill(dialog, _lead(email), CONTACT["fields"])
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    expect(turnstile_page.get_by_role("dialog", name=CONTACT["success"]["title"])).to_be_visible()
    assert len(turnstile_page.turnstile_scripts) == 1
    assert [(call["secret"], call["response"]) for call in verifier.calls[-1:]] == [(SECRET, "token-1")]
    assert len(rows(engine, email, "contact")) == 1


def test_a_refused_token_is_shown_under_the_check_and_a_fresh_one_goes_with_the_retry(
    turnstile_page, turnstile_site
):
    _site, verifier, engine = turnstile_site
    verifier.good.clear()
    email = unique_email()
    visit(turnstile_page, "/team")
    dialog = open_modal(turnstile_page)
    fill(dialog, _lead(email), CONTACT["fields"])
    expect(dialog.locator("[data-turnstile]")).to_have_text("Security check")
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    refusal = dialog.get_by_role("alert").filter(has_text=FORMS["messages"]["turnstile"])
    expect(refusal).to_be_visible()
    expect(dialog.get_by_role("textbox", name="Email", exact=True)).to_have_value(email)
    assert rows(engine, email) == []

    verifier.good |= {"token-2"}  # the widget was reset after the refused try and hands out this one
    turnstile_page.evaluate("window.turnstile.pass()")
    expect(refusal).to_be_hidden()  # a fresh token clears the refusal
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()

    expect(turnstile_page.get_by_role("dialog", name=CONTACT["success"]["title"])).to_be_visible()
    assert verifier.calls[-1]["response"] == "token-2"
    assert len(rows(engine, email, "contact")) == 1
