"""The sales mailbox's answers that wait for a person, in a real Chromium over SQLite and PostgreSQL:
an admin finds a message set aside on Not filed (in the bar at the top, for admins alone), files it
into the lead it answers, and reads it in that lead's conversation, its owner's notice queued; a
member of sales confirms an answer from another address on the lead's page, and only then is its
owner's notice queued. The rows are written as the mailbox's reader leaves them."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, text

from lead_service.models.conversation import LeadMessage, SetAsideMessage
from lead_service.tests.samples import CONTACT

from ...support.inbox import SALES_EMAIL, next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e

ARRIVED = datetime(2026, 11, 27, 9, 40, tzinfo=UTC)


def _signed_in(inbox, browse, email: str, role: str):
    secret = inbox.enrolled_staff(email, role)
    page = browse()
    sign_in(page, email, next_code(secret))
    return page


def _notices(inbox, lead_id: int) -> int:
    """How many notices of the lead's answers wait for its owner."""
    query = text("SELECT count(*) FROM outbox WHERE lead_id = :lead AND purpose = 'reply_received'")
    with inbox.engine.connect() as connection:
        return connection.execute(query, {"lead": lead_id}).scalar_one()


def test_an_admin_files_a_message_set_aside_into_its_lead_and_reads_it_there(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Lina Park", "email": "set-aside@lead.io"})
    lead_id = inbox.lead_id("set-aside@lead.io")
    with inbox.engine.begin() as connection:
        connection.execute(
            insert(SetAsideMessage.__table__).values(
                folder="INBOX",
                uid_validity=1,
                uid=41,
                set_aside_at=ARRIVED + timedelta(seconds=30),
                received_at=ARRIVED,
                reason="It took longer than 5 s to read.",
                lead_id=lead_id,
                message_id="<slow.41@lead.io>",
                sender="set-aside@lead.io",
                sender_folded="set-aside@lead.io",
                subject="Re: Your contact message",
                body="Our floor plans follow.\nThursday suits us.",
                attachments=[{"name": "plans.pdf", "size": 2048}],
            )
        )
    page = _signed_in(inbox, browse, "filer@work.example", "admin")
    open_signed_in(page, "/inbox")

    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Not filed").click()
    page.get_by_role("heading", name="Not filed").wait_for()
    assert page.get_by_role("status").inner_text() == "1 message waits."
    item = page.locator("[data-unfiled]")
    shown = item.inner_text()
    assert "From set-aside@lead.io · came 27 Nov 2026, 09:40 UTC" in shown
    assert "Why: It took longer than 5 s to read." in shown
    assert "Our floor plans follow.\nThursday suits us." in shown
    assert "plans.pdf (2 KB)" in shown
    link = item.get_by_role("link", name=f"Lina Park (#{lead_id})")
    assert link.get_attribute("href") == f"/inbox/leads/{lead_id}"
    assert item.get_by_label("Lead id").input_value() == str(lead_id)

    item.get_by_role("button", name=f"File into lead #{lead_id}").click()

    item.wait_for(state="detached")
    assert page.get_by_role("status").inner_text() == "Nothing waits: every answer was filed."
    assert _notices(inbox, lead_id) == 1
    open_signed_in(page, f"/inbox/leads/{lead_id}")
    answer = page.locator("[data-message][data-direction=in]")
    assert "set-aside@lead.io to the team · 27 Nov 2026, 09:40 UTC" in answer.inner_text()
    assert "Our floor plans follow." in answer.inner_text()
    assert "plans.pdf (2 KB)" in answer.inner_text()
    # From the lead's own address: nothing to confirm.
    assert answer.locator("[data-other-address]").count() == 0
    assert "set_aside_filed" in inbox.audit_actions("filer@work.example")


def test_a_member_of_sales_confirms_an_answer_from_another_address_and_its_owner_is_told(inbox, browse):
    inbox.post_lead("/api/contact", {**CONTACT, "name": "Theo Lund", "email": "theo@lead.io"})
    lead_id = inbox.lead_id("theo@lead.io")
    with inbox.engine.begin() as connection:
        connection.execute(
            insert(LeadMessage.__table__).values(
                lead_id=lead_id,
                direction="in",
                created_at=ARRIVED,
                to_address=SALES_EMAIL,
                from_address="assistant@lund.example",
                from_folded="assistant@lund.example",
                from_other_address=True,
                subject="Re: Your contact message",
                body="Theo asked me to say Friday is better.",
                message_id="<other.1@lund.example>",
            )
        )
    page = _signed_in(inbox, browse, "confirmer@work.example", "sales")
    open_signed_in(page, f"/inbox/leads/{lead_id}")
    mark = page.locator("[data-message] [data-other-address]")
    assert mark.locator("p").inner_text() == (
        "From another address: not the lead's (assistant@lund.example)."
        " Its owner is told once someone confirms it."
    )
    assert _notices(inbox, lead_id) == 0
    # The page of the messages set aside is the admins' alone.
    assert page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Not filed").count() == 0

    mark.get_by_role("button", name="Confirm it is the lead's").click()

    mark.get_by_text("Confirmed by A sales").wait_for()
    assert mark.get_by_role("button").count() == 0
    assert _notices(inbox, lead_id) == 1
    assert "answer_confirmed" in inbox.audit_actions("confirmer@work.example")
    page.goto("/inbox/unfiled")
    page.get_by_text("Only admins file or dismiss the messages the sales mailbox set aside.").wait_for()
