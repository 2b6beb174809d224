"""The person behind the leads, in a real Chromium over SQLite and PostgreSQL: someone who wrote three
times, with the address in other capitals, is one person on each of their three leads' pages, with
the note kept on one of them; another person's lead is not among them; someone who wrote often
shows their latest leads and how many. The list, one row per person, shows them once, with the
count of their leads."""

import pytest
from sqlalchemy import insert, select

from lead_service.inbox.leads.person import LEADS_SHOWN
from lead_service.models.leads import Lead
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e


def test_a_person_with_three_leads_shows_all_three_on_each(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "thrice@person.io"})
    inbox.post_lead("/api/quote", {**QUOTE, "email": "Thrice@Person.io"})
    inbox.post_lead("/api/contact", {**CONTACT, "email": "THRICE@person.io", "message": "Third time"})
    inbox.post_lead("/api/contact", {**CONTACT, "email": "someone-else@person.io"})
    ids = [inbox.lead_id(email) for email in ("thrice@person.io", "Thrice@Person.io", "THRICE@person.io")]
    page = browse()
    sign_in(page, "reader@work.example", next_code(inbox.enrolled_staff("reader@work.example", "sales")))
    open_signed_in(page, f"/inbox/leads/{ids[0]}")
    page.get_by_label("New note").fill("Called about all three.")
    page.get_by_role("button", name="Add note").click()
    page.locator("[data-note]").filter(has_text="Called about all three.").wait_for()

    for shown in ids:
        open_signed_in(page, f"/inbox/leads/{shown}")
        person = page.get_by_role("region", name="Their other leads")
        listed = person.locator("[data-person-lead]")
        listed.first.wait_for()
        others = listed.evaluate_all("items => items.map(item => Number(item.dataset.personLead))")
        assert sorted(others) == sorted(other for other in ids if other != shown)
        notes = person.locator("[data-event=note]")
        assert notes.count() == (0 if shown == ids[0] else 1)
    person.get_by_role("link", name=f"#{ids[0]}").click()
    page.wait_for_url(f"**/inbox/leads/{ids[0]}")


def test_someone_who_wrote_often_shows_their_latest_leads_and_how_many(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "frequent@writer.io"})
    first = inbox.lead_id("frequent@writer.io")
    copied = [column for column in Lead.__table__.columns if column.name != "id"]
    with inbox.engine.begin() as connection:
        for _ in range(LEADS_SHOWN + 2):
            connection.execute(insert(Lead).from_select(copied, select(*copied).where(Lead.id == first)))
    page = browse()
    sign_in(page, "frequent@work.example", next_code(inbox.enrolled_staff("frequent@work.example", "viewer")))

    open_signed_in(page, f"/inbox/leads/{first}")

    person = page.get_by_role("region", name="Their other leads")
    person.get_by_text(f"The latest {LEADS_SHOWN} of their {LEADS_SHOWN + 2} other leads.").wait_for()
    assert person.locator("[data-person-lead]").count() == LEADS_SHOWN


def test_the_list_shows_one_row_per_person_with_their_count(inbox, browse):
    for n in range(3):
        inbox.post_lead("/api/contact", {**CONTACT, "email": "Often@Person.io", "name": f"Often {n}"})
    page = browse()
    sign_in(page, "lister@work.example", next_code(inbox.enrolled_staff("lister@work.example", "viewer")))
    open_signed_in(page, "/inbox")
    assert page.locator("tr").filter(has_text="Often").count() == 3

    page.get_by_label("Rows").select_option("person")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_url("**/inbox?by=person")

    rows = page.locator("tr").filter(has_text="Often")
    assert rows.count() == 1
    assert "Often 2" in rows.inner_text() and "3 leads" in rows.inner_text()
