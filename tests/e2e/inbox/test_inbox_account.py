"""One's own account page in a real Chromium, over SQLite and PostgreSQL: reached from the header,
it refuses a wrong current password and one the policy refuses by their fields, and a new password
set there is the one that signs in from then on; "Sign out everywhere" ends this browser's session
too. All of it on the audit trail."""

import pyotp
import pytest
from playwright.sync_api import expect

from ...support.inbox import next_code, password_step, sign_in
from ...support.site import hydrated

pytestmark = pytest.mark.e2e

EMAIL = "account@staff.example"
NEW = "a new and longer passphrase"


def _change(page, current: str, new: str, repeat: str | None = None) -> None:
    page.get_by_label("Current password", exact=True).fill(current)
    page.get_by_label("New password", exact=True).fill(new)
    page.get_by_label("Repeat the new password", exact=True).fill(new if repeat is None else repeat)
    page.get_by_role("button", name="Change the password").click()


def test_a_new_password_set_on_the_account_page_is_the_one_that_signs_in(inbox, browse):
    secret = inbox.enrolled_staff(EMAIL, "viewer")
    page = browse()
    sign_in(page, EMAIL, pyotp.TOTP(secret).now())

    page.get_by_role("link", name="Account").click()
    page.get_by_role("heading", name="Your account").wait_for()
    page.wait_for_function(hydrated("form[aria-label='Change your password'] button"))

    _change(page, "not my password at all", NEW)
    page.get_by_text("The current password is wrong.").wait_for()
    _change(page, "correct horse battery", "too short")
    page.get_by_text("A password needs at least 12 characters.").wait_for()
    _change(page, "correct horse battery", NEW)
    page.get_by_role("status").filter(has_text="Your password is changed").wait_for()
    # Emptied when the form's action ends, after the page is read again: a moment after the notice.
    expect(page.get_by_label("Current password", exact=True)).to_have_value("")

    page.get_by_role("button", name="Sign out", exact=True).click()  # with the session's new token
    page.wait_for_url("**/inbox/login")
    password_step(page, EMAIL, here=True)
    page.get_by_role("alert").filter(has_text="The e-mail or password is wrong.").wait_for()
    password_step(page, EMAIL, NEW, here=True)
    page.get_by_label("recovery code").fill(next_code(secret))
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Leads").wait_for()

    page.goto("/inbox/account")
    page.wait_for_function(hydrated("main form button"))
    page.get_by_role("button", name="Sign out everywhere").click()
    page.wait_for_url("**/inbox/login")
    page.goto("/inbox")
    page.wait_for_url("**/inbox/login")  # the session ended

    actions = inbox.audit_actions(EMAIL)
    for action in ("password_change_failed", "password_changed", "sign_out", "signed_out_everywhere"):
        assert action in actions
