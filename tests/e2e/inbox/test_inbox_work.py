"""Working leads in the inbox, in a real Chromium over SQLite and PostgreSQL: two colleagues change
one lead and the second is shown the first's change instead of overwriting it; a new owner told
by e-mail through the running outbox worker; several leads change at once from the list; notes; a
lead caught as spam let in; what a viewer is shown of it all."""

import csv
import re

import pytest
from sqlalchemy import text

from lead_service import content
from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in
from ...support.servers import start_outbox_worker, stop

pytestmark = pytest.mark.e2e

HONEYPOT = content.load("forms")["honeypotField"]


def _stored(inbox, email: str) -> tuple[str, str | None, int]:
    """The lead's status, its owner's name and its version, from the database."""
    query = text(
        "SELECT status, (SELECT name FROM staff_users WHERE id = owner_id), version FROM leads"
        " WHERE email = :email"
    )
    with inbox.engine.connect() as connection:
        return tuple(connection.execute(query, {"email": email}).one())


def _notifications(inbox, email: str) -> list[str]:
    """The statuses of the sales team's notifications of the lead sent with this address."""
    query = text(
        "SELECT o.status FROM outbox o JOIN leads l ON o.lead_id = l.id"
        " WHERE l.email = :email AND o.purpose = 'new_lead'"
    )
    with inbox.engine.connect() as connection:
        return list(connection.execute(query, {"email": email}).scalars())


def _sent_to(sink: SmtpSink, address: str) -> list:
    return [message for message in sink.messages if address in message["To"]]


def _signed_in(inbox, browse, email: str, role: str = "sales"):
    secret = inbox.enrolled_staff(email, role)
    page = browse()
    sign_in(page, email, next_code(secret))
    return page


def test_the_second_of_two_colleagues_is_shown_the_first_ones_change(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "race@lead.io"})
    path = inbox.lead_path("race@lead.io")
    first = _signed_in(inbox, browse, "first@work.example")
    second = _signed_in(inbox, browse, "second@work.example")
    for page in (first, second):
        open_signed_in(page, path)

    work = first.get_by_role("form", name="Status and owner")
    work.get_by_label("Status").select_option("contacted")
    work.get_by_label("Owner").select_option(label="A sales")
    work.get_by_role("button", name="Save").click()
    first.get_by_role("status").filter(has_text="Saved.").wait_for()
    first.locator("[data-field=first-response] dd").filter(has_text="After 0 min").wait_for()

    late = second.get_by_role("form", name="Status and owner")
    late.get_by_label("Status").select_option("lost")
    late.get_by_role("button", name="Save").click()
    second.get_by_role("alert").filter(
        has_text="Someone changed this since you loaded it, and nothing was saved"
    ).wait_for()
    # The fields now show the first colleague's change, to be built on.
    assert late.get_by_label("Status").input_value() == "contacted"
    assert late.get_by_label("Owner").locator("option:checked").inner_text() == "A sales"
    assert _stored(inbox, "race@lead.io") == ("contacted", "A sales", 2)

    late.get_by_label("Status").select_option("lost")
    late.get_by_role("button", name="Save").click()
    second.get_by_role("status").filter(has_text="Saved.").wait_for()
    assert _stored(inbox, "race@lead.io") == ("lost", "A sales", 3)
    assert inbox.audit_actions("second@work.example").count("status_changed") == 1


def test_a_new_owner_is_told_by_email_through_the_running_outbox_worker(inbox, browse, tmp_path):
    inbox.post_lead("/api/quote", {**QUOTE, "name": "Tahmina Akter", "email": "assigned@lead.io"})
    path = inbox.lead_path("assigned@lead.io")
    inbox.add_staff("owner@work.example", "sales")
    query = text("SELECT id FROM staff_users WHERE email = :email")
    with inbox.engine.connect() as connection:
        owner_id = connection.execute(query, {"email": "owner@work.example"}).scalar()
    page = _signed_in(inbox, browse, "assigner@work.example", "admin")
    open_signed_in(page, path)
    work = page.get_by_role("form", name="Status and owner")
    work.get_by_label("Owner").select_option(str(owner_id))
    work.get_by_role("button", name="Save").click()
    page.get_by_role("status").filter(has_text="Saved.").wait_for()

    sink = SmtpSink().start()
    settings = {**smtp_settings(sink.port), "SITE_URL": inbox.site, "INBOX_URL": inbox.url}
    worker = start_outbox_worker(tmp_path, inbox.database, settings)
    try:
        wait_for(lambda: _sent_to(sink, "owner@work.example"), 30, "the owner's e-mail")
    finally:
        stop(worker)
        sink.stop()
    [message] = _sent_to(sink, "owner@work.example")
    assert message["Subject"] == "A lead for you: Tahmina Akter"
    assert f"{inbox.url}{path}" in message.get_content()
    assert "assigned@lead.io" not in message.as_string()  # what the lead said stays behind the sign-in


def test_several_leads_change_status_at_once_from_the_list(inbox, browse):
    emails = [f"bulk{number}@bulkco.io" for number in range(3)]
    for email in emails[:2]:
        inbox.post_lead("/api/contact", {**CONTACT, "email": email})
    inbox.post_lead("/api/quote", {**QUOTE, "email": emails[2]})
    page = _signed_in(inbox, browse, "bulk@work.example")
    page.get_by_role("searchbox", name="Search").fill("bulkco")
    page.wait_for_url(re.compile(r"q=bulkco"))
    rows = page.locator("tbody tr")
    rows.nth(2).wait_for()
    assert rows.count() == 3
    # Each row is chosen as its lead's id and the version it was shown at.
    chosen = rows.get_by_role("checkbox").evaluate_all("boxes => boxes.map(box => box.value)")
    assert sorted(chosen) == sorted(f"{inbox.lead_id(email)}:1" for email in emails)

    for number in range(3):
        rows.nth(number).get_by_role("checkbox").check()
    bulk = page.get_by_role("form", name="Change the chosen leads")
    bulk.get_by_label("Set status").select_option("qualified")
    bulk.get_by_role("button", name="Change chosen").click()
    page.get_by_role("status").filter(has_text="Changed 3 leads.").wait_for()

    page.locator("tbody td[data-status=qualified]").nth(2).wait_for()
    assert [_stored(inbox, email)[0] for email in emails] == ["qualified"] * 3
    assert inbox.audit_actions("bulk@work.example").count("status_changed") == 3


def test_a_note_is_kept_and_shown_to_colleagues_who_may_only_read(inbox, browse):
    inbox.post_lead("/api/quote", {**QUOTE, "email": "noted@lead.io"})
    path = inbox.lead_path("noted@lead.io")
    page = _signed_in(inbox, browse, "notes@work.example")
    open_signed_in(page, path)
    page.get_by_label("New note").fill("Rang them: <b>call back</b> Monday.\nPrefers e-mail.")
    page.get_by_role("button", name="Add note").click()
    note = page.locator("[data-note]").first
    note.filter(has_text="call back").wait_for()
    assert note.locator("p").first.inner_text() == "Rang them: <b>call back</b> Monday.\nPrefers e-mail."
    assert note.locator("b").count() == 0

    viewer = _signed_in(inbox, browse, "reader@work.example", "viewer")
    viewer.goto(path)
    viewer.locator("[data-note]").filter(has_text="Prefers e-mail.").wait_for()
    assert viewer.get_by_label("New note").count() == 0
    assert viewer.get_by_role("form", name="Status and owner").count() == 0
    assert "note_added" in inbox.audit_actions("notes@work.example")


def test_a_lead_caught_as_spam_is_let_in_and_its_notification_queued(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "email": "caught@lead.io", HONEYPOT: "https://spam.example"})
    page = _signed_in(inbox, browse, "spam@work.example")
    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Spam").click()
    page.wait_for_url(re.compile(r"spam=only"))
    row = page.locator("tbody tr").filter(has_text="caught@lead.io")
    row.get_by_role("link").click()
    page.get_by_text("Marked as spam: nobody was told of this lead.").wait_for()
    assert _notifications(inbox, "caught@lead.io") == []

    page.get_by_role("button", name="Not spam").click()
    page.get_by_role("button", name="Mark as spam").wait_for()
    assert page.get_by_text("Marked as spam: nobody was told of this lead.").count() == 0
    assert _notifications(inbox, "caught@lead.io") == ["pending"]
    page.goto("/inbox?q=caught")
    page.locator("tbody tr").filter(has_text="caught@lead.io").wait_for()
    assert "marked_not_spam" in inbox.audit_actions("spam@work.example")


def test_a_downloaded_view_is_the_rows_shown_with_formulas_defused(inbox, browse):
    for number in range(3):
        inbox.post_lead("/api/contact", {**CONTACT, "email": f"csv{number}@exportco.io", "company": "=1+2"})
    inbox.post_lead("/api/quote", {**QUOTE, "email": "csv-quote@exportco.io"})
    page = _signed_in(inbox, browse, "export@work.example")
    page.goto("/inbox?q=exportco&form=contact")
    rows = page.locator("tbody tr")
    rows.nth(2).wait_for()
    shown = rows.evaluate_all("rows => rows.map(r => r.dataset.lead)")

    with page.expect_download() as started:
        page.get_by_role("link", name="Download this view as CSV").click()
    download = started.value
    assert download.suggested_filename.startswith("leads-") and download.suggested_filename.endswith(".csv")
    with open(download.path(), encoding="utf-8-sig", newline="") as stream:
        exported = list(csv.DictReader(stream))

    assert "kind" not in exported[0] and next(iter(exported[0])) == "id"
    assert [row["id"] for row in exported] == shown
    assert {row["company"] for row in exported} == {"'=1+2"}
    assert "export" in inbox.audit_actions("export@work.example")
