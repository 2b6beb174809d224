"""The inbox's keys in a real Chromium, over SQLite and PostgreSQL: j and k move through the list,
each move said to screen readers and the row's link focused, Enter opens the lead, r and s put the
cursor in its reply and status, a assigns it to the one pressing (from its page and from the list),
/ searches from anywhere, ? lists the keys; none of them while typing in a field."""

import re
import uuid

import pytest
from playwright.sync_api import expect
from sqlalchemy import text

from lead_service.tests.samples import CONTACT

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e


@pytest.fixture
def seller(inbox, browse):
    """Three leads of the test's own (newest first in the list), and a salesperson of its own, signed
    in on the list: (the page, their id, the leads' addresses newest first)."""
    tag = uuid.uuid4().hex[:8]
    emails = [f"keys-{tag}-{n}@lead.io" for n in range(3)]
    for email in reversed(emails):
        inbox.post_lead(
            "/api/contact", {**CONTACT, "name": f"Keys {email.split('@')[0][-1]} Person", "email": email}
        )
    email = f"keys-{tag}@work.example"
    secret = inbox.enrolled_staff(email, "sales")
    page = browse()
    sign_in(page, email, next_code(secret))
    with inbox.engine.connect() as connection:
        user = connection.execute(
            text("SELECT id FROM staff_users WHERE email = :email"), {"email": email}
        ).scalar()
    open_signed_in(page, f"/inbox?q=keys-{tag}")
    page.locator("tbody tr[data-lead]").nth(2).wait_for()
    return page, user, emails


def _said(page) -> str:
    return page.locator("[data-shortcut-said]").inner_text()


def _owner(inbox, email: str) -> int | None:
    with inbox.engine.connect() as connection:
        query = text("SELECT owner_id FROM leads WHERE email = :email")
        return connection.execute(query, {"email": email}).scalar_one()


def test_j_and_k_move_through_the_list_and_enter_opens_the_lead(inbox, seller):
    page, _, emails = seller
    page.locator("body").click(position={"x": 5, "y": 5})

    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("k")

    rows = page.locator("tbody tr[data-lead]")
    assert rows.nth(0).get_attribute("data-chosen") == ""
    assert page.evaluate("document.activeElement.closest('tr').dataset.lead") == rows.nth(0).get_attribute(
        "data-lead"
    )
    assert re.fullmatch(r"Lead 1 of 3: Keys 0 Person", _said(page))
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{inbox.lead_path(emails[0])}")


def test_r_and_s_put_the_cursor_in_the_reply_and_the_status(inbox, seller):
    page, _, emails = seller
    page.keyboard.press("j")
    page.keyboard.press("s")  # from the list: the chosen lead's page, its status to change
    page.wait_for_url(f"**{inbox.lead_path(emails[0])}#status")
    page.wait_for_function("() => document.activeElement?.dataset.shortcut === 'status'")

    page.locator("h1").click()
    page.keyboard.press("r")

    assert page.evaluate("document.activeElement.dataset.shortcut") == "reply"
    page.keyboard.type("just typing")  # in the field, keys are text
    assert page.locator("[data-shortcut=reply]").input_value() == "just typing"
    assert page.url.endswith("#status")


def test_a_assigns_the_lead_to_whoever_presses_it_from_its_page_and_from_the_list(inbox, seller):
    page, me, emails = seller
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("a")
    page.locator("[data-shortcut-said]").filter(has_text="Assigned to you.").wait_for()
    assert [_owner(inbox, email) for email in emails] == [None, me, None]

    open_signed_in(page, inbox.lead_path(emails[2]))
    page.locator("h1").click()
    page.keyboard.press("a")
    page.locator("[data-shortcut-said]").filter(has_text="Assigned to you.").wait_for()
    assert _owner(inbox, emails[2]) == me
    # The page shows it once it has its fresh state.
    owner = page.get_by_role("form", name="Status and owner").get_by_label("Owner")
    expect(owner).to_have_value(str(me))


def test_slash_searches_from_anywhere_and_keys_are_text_in_the_search_box(inbox, seller):
    page, _, emails = seller
    open_signed_in(page, inbox.lead_path(emails[1]))
    page.locator("h1").click()

    page.keyboard.press("/")

    page.wait_for_url(re.compile(r"/inbox#search$"))
    page.wait_for_function("() => document.activeElement?.dataset.shortcut === 'search'")
    page.keyboard.type("jk")
    assert page.locator("[data-shortcut=search]").input_value() == "jk"
    assert page.locator("tbody tr[data-chosen]").count() == 0


def test_question_mark_lists_the_keys_and_escape_closes_them(seller):
    page, _, _ = seller

    page.keyboard.press("?")

    keys = page.get_by_role("dialog", name="Keyboard keys")
    keys.wait_for()
    listed = keys.locator("kbd").all_inner_texts()
    assert listed == ["j", "k", "Enter", "r", "a", "s", "/", "← →", "?"]
    page.keyboard.press("j")  # the dialog is open: no row moves under it
    assert page.locator("tbody tr[data-chosen]").count() == 0
    page.keyboard.press("Escape")
    keys.wait_for(state="hidden")
