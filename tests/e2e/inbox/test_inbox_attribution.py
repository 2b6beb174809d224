"""Where leads come from, in a real Chromium over SQLite and PostgreSQL: a visit that began at a
campaign's link, referred by another site, sends its first touch with the lead when the visitor
allowed analytics, and nothing of it when they refused; the inbox shows it on the lead."""

import pytest
from sqlalchemy import text

from lead_service import content

from ...support.consent import CONSENT, stand_in_for_tags
from ...support.inbox import next_code, sign_in
from ...support.lead_forms import CONTACT, unique_email, wait_hydrated
from ...support.site import SITE

pytestmark = pytest.mark.e2e

LANDING = "/services?utm_source=newsletter&utm_campaign=launch"
REFERRER = "https://news.example.org/issue/12"
COLUMNS = tuple(content.load("forms")["attribution"])


def _visit_and_send(page, answer: str) -> str:
    """Lands on the campaign's link, answers the cookie banner, goes on to another page and sends the
    contact modal there: the address it was sent with."""
    stand_in_for_tags(page)
    page.goto(LANDING, referer=REFERRER)
    wait_hydrated(page, "header button")
    page.locator("[data-cookie-banner]").get_by_role("button", name=CONSENT["banner"][answer]).click()
    page.locator("header").get_by_role("link", name="Company", exact=True).first.click()
    page.wait_for_url("**/company")
    page.locator("header").get_by_role("button", name=SITE["header"]["contactLabel"]).click()
    dialog = page.get_by_role("dialog", name=CONTACT["title"])
    email = unique_email()
    typed = {
        "name": "Nadia Karim",
        "company": "Karim Textiles",
        "email": email,
        "phone": "+8801712345678",
        "message": "We saw your launch.",
    }
    for name, value in typed.items():
        dialog.get_by_role("textbox", name=CONTACT["fields"][name]["label"], exact=True).fill(value)
    dialog.get_by_role("button", name=CONTACT["submit"]["label"]).click()
    page.get_by_role("dialog", name=CONTACT["success"]["title"]).wait_for()
    return email


def _stored(inbox, email: str) -> dict:
    query = text(
        f"SELECT id, page, {', '.join(COLUMNS)} FROM leads WHERE form = 'contact' AND email = :email"
    )
    with inbox.engine.connect() as connection:
        return dict(connection.execute(query, {"email": email}).one()._mapping)


def test_a_visit_with_analytics_allowed_sends_where_it_began(inbox, browse):
    page = browse(inbox.site)
    email = _visit_and_send(page, "acceptAll")
    row = _stored(inbox, email)
    assert {key: row[key] for key in COLUMNS} == {
        "utm_source": "newsletter",
        "utm_medium": None,
        "utm_campaign": "launch",
        "utm_term": None,
        "utm_content": None,
        "referrer_host": "news.example.org",
        "landing_path": "/services",
    }
    assert row["page"] == "/company"

    secret = inbox.enrolled_staff("origin@staff.example", "viewer")
    staff = browse()
    sign_in(staff, "origin@staff.example", next_code(secret))
    staff.goto(f"/inbox/leads/{row['id']}")
    shown = staff.locator("[data-attribution]").evaluate_all(
        "items => items.map((item) => [item.dataset.attribution, item.querySelector('dd').textContent])"
    )
    assert dict(shown) == {key: value for key, value in row.items() if key in COLUMNS and value}
    assert staff.locator("[data-attribution] a").count() == 0


def test_a_visit_with_analytics_refused_sends_only_its_page(inbox, browse):
    page = browse(inbox.site)
    email = _visit_and_send(page, "rejectAll")
    row = _stored(inbox, email)
    assert {key: row[key] for key in COLUMNS} == dict.fromkeys(COLUMNS)
    assert row["page"] == "/company"
    assert page.evaluate("() => sessionStorage.length") == 0
