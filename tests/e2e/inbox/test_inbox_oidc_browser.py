"""Sign-in with an OpenID provider in Chromium: the inbox's sign-in page, a real provider's login
form (panva's oidc-provider, its dev interaction) and back through the site's forwarding, to the
inbox's own second factor and the leads; and a refusal said on the sign-in page."""

from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, text

from lead_service.inbox.auth.oidc import CALLBACK_PATH

from ...support.browser import close
from ...support.identity_provider import Provider, identity_provider
from ...support.inbox import inbox_site, next_code
from ...support.servers import free_port
from ...support.site import hydrated

pytestmark = pytest.mark.e2e

UNVERIFIED = "una@staff.example"


@contextmanager
def _inbox_through_the_provider(tmp, **settings):
    """The inbox (SQLite) signing in through the provider, with `settings`."""
    url = f"sqlite:///{tmp / 'leads.db'}"
    engine = create_engine(url)
    port = free_port()
    settings = {**Provider(f"http://127.0.0.1:{port}").settings(), **settings}
    with inbox_site(tmp, url, engine, settings=settings) as inbox:
        accounts = {UNVERIFIED: {"email": UNVERIFIED, "email_verified": False}}
        with identity_provider(tmp, [inbox.url + CALLBACK_PATH], accounts, port=port):
            yield inbox
    engine.dispose()


@pytest.fixture(scope="module")
def oidc_inbox(tmp_path_factory):
    """Its second factor on (the default), passwords on."""
    with _inbox_through_the_provider(tmp_path_factory.mktemp("inbox-oidc")) as inbox:
        yield inbox


@pytest.fixture
def oidc_page(browser, oidc_inbox):
    page = browser.new_context(base_url=oidc_inbox.url, viewport={"width": 1280, "height": 900}).new_page()
    yield page
    close(page)


def _through_the_provider(page, login: str) -> None:
    page.goto("/inbox/login")
    page.get_by_role("link", name="Sign in with Test Provider").click()
    page.locator("input[name=login]").fill(login)
    page.locator("input[name=password]").fill("anything")
    page.get_by_role("button", name="Sign-in").click()


def test_the_provider_signs_in_and_the_inbox_asks_its_own_code(oidc_page, oidc_inbox):
    email = "ann.oidc@staff.example"
    secret = oidc_inbox.enrolled_staff(email, "sales")

    _through_the_provider(oidc_page, email)

    oidc_page.get_by_role("heading", name="Enter your code").wait_for()
    oidc_page.wait_for_function(hydrated("form button[type=submit]"))
    oidc_page.get_by_label("recovery code").fill(next_code(secret))
    oidc_page.get_by_role("button", name="Sign in").click()
    oidc_page.wait_for_url("**/inbox")
    oidc_page.get_by_role("heading", name="Leads").wait_for()
    assert oidc_inbox.audit_actions(email)[:3] == ["invitation_accepted", "oidc_verified", "sign_in"]


def test_an_unverified_address_is_refused_on_the_sign_in_page(oidc_page, oidc_inbox):
    oidc_inbox.add_staff(UNVERIFIED, "sales")

    _through_the_provider(oidc_page, UNVERIFIED)

    oidc_page.wait_for_url("**/inbox/login?error=oidc_unverified")
    oidc_page.get_by_role("alert").filter(has_text="has not verified your e-mail address").wait_for()
    assert not any(c["name"] == "__Host-inbox-session" for c in oidc_page.context.cookies())
    with oidc_inbox.engine.connect() as connection:
        reasons = connection.execute(
            text("SELECT detail FROM audit_events WHERE action = 'sign_in_failed' ORDER BY id")
        ).scalars()
        assert any("oidc_unverified" in (detail or "") for detail in reasons)


def test_without_the_second_factor_or_passwords_the_provider_alone_signs_in(browser, tmp_path):
    with _inbox_through_the_provider(
        tmp_path, INBOX_OIDC_SECOND_FACTOR="false", INBOX_PASSWORD_SIGN_IN="false"
    ) as inbox:
        email = "olga.oidc@staff.example"
        link = inbox.invite(email, "sales")  # made by the command line before passwords went off
        page = browser.new_context(base_url=inbox.url, viewport={"width": 1280, "height": 900}).new_page()
        try:
            page.goto("/inbox/login")
            assert page.get_by_label("Password").count() == 0
            # An invitation's link chooses no password: the provider signs its user in.
            page.goto(link)
            page.get_by_text("Passwords are switched off here").wait_for()
            assert page.get_by_label("Password").count() == 0
            page.get_by_role("link", name="Sign in with Test Provider").wait_for()

            _through_the_provider(page, email)

            page.wait_for_url("**/inbox")
            page.get_by_role("heading", name="Leads").wait_for()
            assert inbox.audit_actions(email)[:1] == ["sign_in"]
            page.goto("/inbox/account")
            page.get_by_text("You sign in with Test Provider: passwords are switched off here.").wait_for()
            assert page.get_by_role("heading", name="Change your password").count() == 0
        finally:
            close(page)
