"""Follow-ups, in a real Chromium over SQLite and PostgreSQL: a lead's owner sets its next step on its
page, and the Due view lists it when due today, with the overdue ones first, not the ones due later;
everyone's view shows a colleague's too. The owner's morning e-mail of it goes once, with two outbox
workers running (on PostgreSQL; SQLite runs one)."""

import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in
from ...support.servers import start_outbox_worker, stop

pytestmark = pytest.mark.e2e


def _signed_in(inbox, browse, email: str, role: str = "sales"):
    page = browse()
    sign_in(page, email, next_code(inbox.enrolled_staff(email, role)))
    return page


def _give(inbox, lead_email: str, staff_email: str, due: datetime | None = None, step: str | None = None):
    """Gives the lead to a member of staff, with a next step when `due`."""
    with inbox.engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE leads SET owner_id = (SELECT id FROM staff_users WHERE email = :staff),"
                " next_step_on = :due, next_step = :step WHERE email = :lead"
            ),
            {"staff": staff_email, "lead": lead_email, "due": due, "step": step},
        )


def test_a_next_step_due_today_is_in_the_due_view(inbox, browse):
    today = datetime.now(UTC).date()
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Today Lead", "email": "today@due.io"})
    inbox.post_lead("/api/quote", {**QUOTE, "name": "Overdue Lead", "email": "overdue@due.io"})
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Later Lead", "email": "later@due.io"})
    page = _signed_in(inbox, browse, "caller@work.example")
    _give(inbox, "today@due.io", "caller@work.example")
    _give(inbox, "overdue@due.io", "caller@work.example", today - timedelta(days=2), "Send the offer")
    _give(inbox, "later@due.io", "caller@work.example", today + timedelta(days=1), "Visit")

    open_signed_in(page, inbox.lead_path("today@due.io"))
    form = page.get_by_role("form", name="Next step")
    form.get_by_label("Due on (UTC)").fill(today.isoformat())
    form.get_by_label("Next step").fill("Call back about the budget")
    form.get_by_role("button", name="Save next step").click()
    page.locator("[data-field=next-step] dd").filter(has_text="Call back about the budget").wait_for()

    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Due").click()
    page.get_by_role("heading", name="Due").wait_for()
    rows = page.locator("tbody tr")
    rows.first.wait_for()
    assert rows.count() == 2
    assert "Send the offer" in rows.nth(0).inner_text() and "Overdue" in rows.nth(0).inner_text()
    assert "Call back about the budget" in rows.nth(1).inner_text()
    assert page.get_by_text("Visit").count() == 0

    colleague = _signed_in(inbox, browse, "colleague@work.example")
    open_signed_in(colleague, "/inbox/due")
    colleague.get_by_text("Nothing is due.").wait_for()
    colleague.get_by_role("link", name="Everyone's").click()
    colleague.locator("tbody tr").filter(has_text="Send the offer").wait_for()
    # Not theirs: a colleague is shown the next step, and no form to change it.
    open_signed_in(colleague, inbox.lead_path("today@due.io"))
    colleague.locator("[data-field=next-step] dd").filter(has_text="Call back about the budget").wait_for()
    assert colleague.get_by_role("form", name="Next step").count() == 0


def test_the_owner_gets_one_morning_e_mail_of_it_with_two_workers_running(inbox, tmp_path):
    today = datetime.now(UTC).date()
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Morning Lead", "email": "morning@due.io"})
    inbox.add_staff("early@work.example", "sales")
    _give(inbox, "morning@due.io", "early@work.example", today, "Ring before lunch")
    sink = SmtpSink().start()
    settings = {
        **smtp_settings(sink.port),
        "INBOX_URL": inbox.url,
        # Any hour of any day is a working morning here.
        "DUE_DIGEST_HOUR": "0",
        "DUE_DIGEST_DAYS": "1,2,3,4,5,6,7",
    }
    # SQLite runs one worker at a time (its lock file turns a second away); PostgreSQL any number.
    count = 2 if inbox.database.startswith("postgresql") else 1
    workers = [start_outbox_worker(tmp_path, inbox.database, settings, f"outbox-{n}") for n in range(count)]
    try:
        wait_for(lambda: _due_mails(sink), 30, "the morning e-mail")
        time.sleep(3)  # a few more polls of each worker: nothing more goes
    finally:
        for worker in workers:
            stop(worker)
        sink.stop()
    [mail] = _due_mails(sink)
    assert mail["Subject"] == "Due today: 1 next step"
    assert "- Ring before lunch: Morning Lead (Contact Us)" in mail.get_content()
    assert f"{inbox.url}{inbox.lead_path('morning@due.io')}" in mail.get_content()


def _due_mails(sink: SmtpSink) -> list:
    return [m for m in sink.messages if str(m["To"]).endswith("<early@work.example>")]
