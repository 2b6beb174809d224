"""The inbox on a 390 px phone, in a real Chromium over SQLite and PostgreSQL: the list is a list of
cards (name, form, time, status, owner), a lead's page is one column with its address and number as
mailto: and tel: links, and no page (the list, a lead with its conversation, the Due view) scrolls
sideways."""

import re
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from lead_service.tests.samples import CONTACT

from ...support.browser import close
from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e

LONG = {
    **CONTACT,
    "name": "Maximiliana Wolkenstein-Oberhausenbergerova",
    "company": "Internationale Handelsgesellschaft für Digitale Transformation",
    "email": "maximiliana.wolkenstein-oberhausenbergerova@handelsgesellschaft-digital.io",
    "message": "Ein-sehr-langes-Wort-ohne-Leerzeichen-" * 6,
}


@pytest.fixture
def phone(browser, inbox):
    context = browser.new_context(
        base_url=inbox.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    close(page)


def _sideways(page) -> int:
    """How far the page could scroll sideways, in CSS pixels."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_the_list_a_lead_and_its_conversation_fit_a_phone(inbox, phone):
    inbox.post_lead("/api/contact", LONG)
    lead_id = inbox.lead_id(LONG["email"])
    sign_in(phone, "pocket@work.example", next_code(inbox.enrolled_staff("pocket@work.example", "sales")))

    card = phone.locator(f"[data-lead='{lead_id}']")
    card.wait_for()
    assert _sideways(phone) <= 0
    # The column heads are for screen readers alone (a pixel), each card's cells saying theirs.
    assert phone.locator("thead").first.bounding_box()["height"] <= 1
    # Each cell the card shows, its label (drawn before it) and its text; the rest hidden.
    cells = card.locator("td").evaluate_all(
        """cells => cells.filter(cell => cell.offsetParent !== null).map(cell => [
            getComputedStyle(cell, "::before").content, cell.innerText.trim()])"""
    )
    labels = {label: text for label, text in cells}
    assert labels['"Form: "'] == "Contact Us"
    assert labels['"Status: "'] == "New"
    assert labels['"Owner: "'] == "—"
    assert labels['"Received: "'].endswith("UTC")
    # Unlabelled: the box that chooses it for a change of several, and the name.
    assert [text for label, text in cells if label == "none"] == ["", LONG["name"]]
    assert len(cells) == 6  # the card's five and the box, not the desktop's eleven columns
    # The name comes first, above the rest.
    name_box = card.get_by_role("link", name=LONG["name"]).bounding_box()
    assert name_box["y"] < card.locator("[data-label=Received]").bounding_box()["y"]

    open_signed_in(phone, f"/inbox/leads/{lead_id}")
    conversation = phone.get_by_role("region", name="Conversation")
    conversation.get_by_label("Reply by e-mail").fill("Guten Tag! " + "Sehr-lange-Antwort-" * 8)
    conversation.get_by_role("button", name="Send reply").click()
    conversation.locator("[data-message]").first.wait_for()
    assert _sideways(phone) <= 0
    assert phone.get_by_role("link", name=LONG["email"]).get_attribute("href") == f"mailto:{LONG['email']}"
    # Stored in E.164 (+60123456789), however it was typed.
    assert phone.get_by_role("link", name=re.compile(r"^\+60")).get_attribute("href") == "tel:+60123456789"

    with inbox.engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE leads SET next_step_on = :today, next_step = :step,"
                " owner_id = (SELECT id FROM staff_users WHERE email = :owner) WHERE id = :lead"
            ),
            {
                "today": datetime.now(UTC).date(),
                "step": "Anrufen-wegen-des-Angebots-" * 4,
                "owner": "pocket@work.example",
                "lead": lead_id,
            },
        )
    open_signed_in(phone, "/inbox/due")
    phone.locator(f"[data-lead='{lead_id}']").wait_for()
    assert _sideways(phone) <= 0


def test_on_a_phone_the_first_lead_comes_before_the_filters_which_say_how_many_are_set(inbox, phone):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "first-screen@lead.io"})
    email = "filters@work.example"
    sign_in(phone, email, next_code(inbox.enrolled_staff(email, "sales")))
    open_signed_in(phone, "/inbox?status=new&spam=include")

    first = phone.locator("tbody tr[data-lead]").first
    assert first.bounding_box()["y"] + 40 < 844  # its name, at least, on the first screen
    status = phone.get_by_role("search").locator("select[name=status]")
    assert status.is_hidden()
    toggle = phone.get_by_role("button", name="Filters (2 set)")
    assert toggle.get_attribute("aria-expanded") == "false"

    toggle.click()

    assert toggle.get_attribute("aria-expanded") == "true"
    assert status.is_visible() and status.input_value() == "new"
    assert _sideways(phone) <= 0
