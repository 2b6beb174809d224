"""Replies to a lead from the inbox: kept on the lead's conversation, sent by the outbox from the sales
address under the writer's name, threaded under the ones before; a new lead's first response; off
without a sales address, for an address no e-mail can go to, and for viewers; gone with the lead."""

import statistics
from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.inbox.reports import dashboard
from lead_service.inbox.reports.dashboard_api import InboxDashboard
from lead_service.models.conversation import LeadMessage
from lead_service.models.leads import Lead, OutboxMessage, as_utc
from lead_service.models.staff import StaffUser
from lead_service.outbox import queue
from lead_service.outbox.channels import WebhookFanout
from lead_service.retention import erase

from ..conftest import contact, quote

LEAD = "/api/inbox/leads/{}"
SALES = "sales@tidewell.example"


@pytest.fixture(autouse=True)
def sales_address(app, monkeypatch):
    monkeypatch.setitem(app.config, "SALES_EMAIL", SALES)


def _deliver(app, *channels) -> None:
    with app.app_context():
        while queue.deliver_next(channels):
            pass


def _reply(client, lead_id, body="Thank you for writing: when may we call you?"):
    return client.post(f"{LEAD.format(lead_id)}/replies", json={"body": body})


def test_a_reply_goes_from_the_sales_address_under_its_writers_name_and_shows_on_the_lead(
    signed_in, add, app, emailed, audit_trail
):
    client = signed_in("sales")
    [lead_id] = add(contact("Ann Contact", at=datetime.now(UTC) - timedelta(hours=2)))

    answer = _reply(client, lead_id)

    assert answer.status_code == 201
    written = answer.json
    assert written["direction"] == "out"
    assert written["author"]["name"] == "A sales"
    assert written["to"] == "ann@acme.example"
    assert written["subject"] == "Your contact message to Tidewell Digital"
    assert written["delivery"] == {"state": "pending"}
    lead = client.get(LEAD.format(lead_id)).json
    assert lead["conversation"] == [written]
    assert lead["replies_off"] is None
    # The first reply is the lead's first response, and a new lead is contacted by it.
    assert lead["work"]["status"] == "contacted"
    assert lead["work"]["version"] == 2
    assert lead["work"]["first_response_at"] == written["at"]
    assert [action for action, _, _ in audit_trail()][-3:] == ["status_changed", "reply_sent", "lead_viewed"]

    smtp = emailed()

    [sent] = smtp.messages
    assert smtp.envelopes == [(SALES, ["ann@acme.example"])]
    assert sent["From"] == f"A sales <{SALES}>"
    assert sent["To"] == "Ann Contact <ann@acme.example>"
    assert sent["Subject"] == "Your contact message to Tidewell Digital"
    assert sent["In-Reply-To"] is None and sent["References"] is None
    assert sent.get_content() == "Thank you for writing: when may we call you?\r\n"
    with app.app_context():
        stored = db.session.scalars(db.select(LeadMessage)).one()
        assert sent["Message-ID"] == stored.message_id
        assert stored.message_id.endswith("@tidewell.example>")
    delivery = client.get(LEAD.format(lead_id)).json["conversation"][0]["delivery"]
    assert delivery["state"] == "sent"
    assert datetime.fromisoformat(delivery["at"]) >= datetime.fromisoformat(written["at"])


def test_each_later_reply_is_threaded_under_the_conversation_before_it(signed_in, add, app, emailed):
    client = signed_in("sales")
    [lead_id] = add(quote("Quinn Quote"))

    for n in range(3):
        assert _reply(client, lead_id, f"Reply {n}").status_code == 201
    smtp = emailed()

    first, second, third = smtp.messages
    ids = [message["Message-ID"].strip() for message in smtp.messages]
    assert len(set(ids)) == 3
    assert first["Subject"] == "Your quote request to Tidewell Digital"
    assert second["Subject"] == third["Subject"] == "Re: Your quote request to Tidewell Digital"
    # As a mail client reads them, a long header's folding undone.
    assert (second["In-Reply-To"].strip(), second["References"].strip()) == (ids[0], ids[0])
    references = " ".join(third["References"].split())
    assert (third["In-Reply-To"].strip(), references) == (ids[1], f"{ids[0]} {ids[1]}")
    bodies = [message["body"] for message in client.get(LEAD.format(lead_id)).json["conversation"]]
    assert bodies == ["Reply 0", "Reply 1", "Reply 2"]


def test_a_reply_to_a_lead_answered_before_changes_neither_its_status_nor_its_first_response(
    signed_in, add, app
):
    client = signed_in("sales")
    answered = datetime(2026, 11, 2, 10, 0, tzinfo=UTC)
    [lead_id] = add(contact(status="qualified", version=4, first_response_at=answered))

    assert _reply(client, lead_id).status_code == 201

    work = client.get(LEAD.format(lead_id)).json["work"]
    assert (work["status"], work["version"]) == ("qualified", 4)
    assert datetime.fromisoformat(work["first_response_at"]) == answered


def test_no_name_can_add_a_header(signed_in, add, app, emailed):
    client = signed_in("sales")
    with app.app_context():
        db.session.execute(db.update(StaffUser).values(name="Sam\r\nBcc: staff-victim@x.example"))
        db.session.commit()
    [lead_id] = add(contact("Ann\r\nBcc: victim@x.example"))

    assert _reply(client, lead_id).status_code == 201
    smtp = emailed()

    [sent] = smtp.messages
    assert sent["Bcc"] is None
    assert sent["From"].addresses[0].display_name == "Sam Bcc: staff-victim@x.example"
    assert sent["To"].addresses[0].display_name == "Ann Bcc: victim@x.example"
    assert smtp.envelopes[0][1] == ["ann@acme.example"]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("   \n ", "Write the reply first."),
        ("x" * 5001, "Keep a reply to 5000 characters or fewer."),
        ("Hello\x00there", None),
    ],
)
def test_a_reply_is_text_of_a_bounded_length(signed_in, add, app, body, error):
    client = signed_in("sales")
    [lead_id] = add(contact())

    answer = _reply(client, lead_id, body)

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["body"]
    if error:
        assert answer.json["errors"]["body"] == [error]
    with app.app_context():
        assert db.session.scalars(db.select(LeadMessage)).all() == []


def test_no_reply_goes_without_a_sales_address_or_to_an_address_no_e_mail_takes(
    signed_in, add, app, monkeypatch
):
    client = signed_in("sales")
    [mailable, unmailable] = add(contact(), contact("Bo Contact", email="bo@localhost"))

    assert _reply(client, unmailable).status_code == 409
    assert "cannot take an e-mail" in client.get(LEAD.format(unmailable)).json["replies_off"]
    monkeypatch.setitem(app.config, "SALES_EMAIL", "")
    off = _reply(client, mailable)
    assert off.status_code == 409
    assert "SALES_EMAIL" in off.json["description"]
    assert client.get(LEAD.format(mailable)).json["replies_off"] == off.json["description"]
    with app.app_context():
        assert db.session.scalars(db.select(OutboxMessage)).all() == []


def test_viewers_read_the_conversation_and_write_no_reply(signed_in, add, app):
    [lead_id] = add(contact())
    assert _reply(signed_in("sales", "s@staff.example"), lead_id).status_code == 201
    viewer = signed_in("viewer")

    assert _reply(viewer, lead_id).status_code == 403
    assert len(viewer.get(LEAD.format(lead_id)).json["conversation"]) == 1
    assert _reply(viewer, 999_999).status_code == 403
    assert _reply(signed_in("admin"), 999_999).status_code == 404


def test_a_reply_waits_while_e_mail_is_off_and_goes_once_it_is_on(signed_in, add, app, emailed):
    client = signed_in("sales")
    [lead_id] = add(contact())
    _reply(client, lead_id)

    _deliver(app, WebhookFanout())

    delivery = client.get(LEAD.format(lead_id)).json["conversation"][0]["delivery"]
    assert delivery["state"] == "failed"
    assert "e-mail is off" in delivery["error"]
    with app.app_context():
        db.session.execute(db.update(OutboxMessage).values(next_attempt_at=datetime.now(UTC)))
        db.session.commit()
    smtp = emailed()
    assert len(smtp.messages) == 1
    assert client.get(LEAD.format(lead_id)).json["conversation"][0]["delivery"]["state"] == "sent"


def test_an_erased_lead_takes_its_conversation_and_its_unsent_replies(signed_in, add, app):
    client = signed_in("sales")
    [lead_id, other] = add(contact(), contact("Bo Contact"))
    _reply(client, lead_id)
    _reply(client, other)

    with app.app_context():
        erase("ann@acme.example")
        assert db.session.scalars(db.select(LeadMessage.lead_id)).all() == [other]
        assert db.session.scalars(db.select(OutboxMessage.lead_id)).all() == [other]
        assert db.session.get(Lead, lead_id) is None


def test_the_dashboards_first_responses_are_the_first_replies(signed_in, add, app):
    client = signed_in("sales")
    now = datetime.now(UTC)
    ids = add(*(contact(f"Lead N{n}", at=now - timedelta(hours=n + 1)) for n in range(5)))
    for lead_id in ids[:3]:
        _reply(client, lead_id, "First")
    _reply(client, ids[0], "Second")  # a later reply is no first response

    with app.app_context():
        response = InboxDashboard().dump(dashboard.figures(datetime.now(UTC)))["response"]
        replies = db.session.execute(
            db.select(LeadMessage.lead_id, LeadMessage.created_at, Lead.created_at)
            .join(Lead, Lead.id == LeadMessage.lead_id)
            .where(LeadMessage.direction == "out")
            .order_by(LeadMessage.id.desc())
        ).all()
    first_replies = {lead: (replied, came) for lead, replied, came in replies}.values()  # the earliest wins
    taken = [(as_utc(replied) - as_utc(came)).total_seconds() for replied, came in first_replies]
    assert response["answered"] == len(first_replies) == 3
    assert response["in_time"] == 3
    assert response["median_seconds"] == pytest.approx(statistics.median(taken), abs=1)
