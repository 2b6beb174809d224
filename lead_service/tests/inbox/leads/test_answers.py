"""Leads' answers read back from the sales mailbox, a real IMAP server (Dovecot): each message that
answers one of the conversation's is filed into it as plain text with its attachments listed, its
owner (or, with none, the team) told through the outbox, and the next reply threads under it; every
other message is left alone, the mailbox is never changed, and nothing is filed twice, whether read
again, delivered twice, or read by two readers."""

import logging
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from lead_service.extensions import db
from lead_service.mailbox import run
from lead_service.mailbox.reader import LEASE, WHOLE
from lead_service.models.conversation import LeadMessage, MailboxRead
from lead_service.models.leads import Lead
from lead_service.models.staff import StaffUser
from lead_service.retention import erase

from .. import answering
from ..answering import LEAD, SALES
from ..conftest import contact

# Dovecot is installed by `make test`, not `make check`.
pytestmark = pytest.mark.e2e


def _unrelated(subject: str, **headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "someone@else.example"
    message["To"] = SALES
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="else.example")
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content("Not an answer to any lead.")
    return message


def _own(app, lead_id: int) -> None:
    """The lead given to the signed-in member of sales."""
    with app.app_context():
        owner = db.session.scalars(db.select(StaffUser.id).where(StaffUser.role == "sales")).one()
        db.session.execute(db.update(Lead).where(Lead.id == lead_id).values(owner_id=owner))
        db.session.commit()


def test_an_answer_is_filed_into_its_leads_conversation_its_owner_told_and_nothing_else_touched(
    signed_in, add, app, emailed, mailbox, audit_trail
):
    client = signed_in("sales")
    [lead_id] = add(contact("Ann Contact", at=datetime.now(UTC) - timedelta(hours=1)))
    _own(app, lead_id)
    sent = answering.replied(client, emailed, lead_id)
    answer = answering.answer(sent)
    mailbox.deliver(
        _unrelated("A newsletter"),
        answer,
        _unrelated("Re: someone else's thread", In_Reply_To="<not-ours@else.example>"),
    )

    assert answering.read(app) == 1

    conversation = client.get(LEAD.format(lead_id)).json["conversation"]
    assert [message["direction"] for message in conversation] == ["out", "in"]
    filed = conversation[1]
    assert filed["from"] == "ann@acme.example"
    assert filed["to"] == SALES
    assert filed["author"] is None and filed["delivery"] is None
    assert filed["subject"] == "Re: Your contact message to Tidewell Digital"
    assert filed["body"] == "Thursday at ten suits us."
    assert filed["attachments"] == []
    assert "reply_received" in [action for action, _, _ in audit_trail()]
    # Read, never changed: no message is marked as read, moved or deleted.
    assert len(mailbox.flags()) == 3
    assert all(b"\\Seen" not in flags for flags in mailbox.flags())
    # The lead's owner is told, and what the lead wrote stays behind the sign-in.
    [told] = emailed().messages[1:]
    assert told["To"] == "A sales <sales@staff.example>"
    assert told["Subject"] == "Ann Contact answered"
    notice = told.get_content()
    assert f"/inbox/leads/{lead_id}" in notice and "Thursday" not in notice
    # Read again, nothing new is filed; the next reply threads under the answer.
    assert answering.read(app) == 0
    next_reply = answering.replied(client, emailed, lead_id, "Thursday it is.")
    assert next_reply["In-Reply-To"].strip() == answer["Message-ID"]
    assert answer["Message-ID"] in next_reply["References"].split()


def test_an_html_only_answer_shows_as_its_text_with_its_attachments_listed(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id))
    answer.set_content(
        '<p>Our brief is <b>attached</b>.</p><script>fetch("/api/inbox/leads")</script>'
        '<img src="https://tracker.example/pixel" onerror="alert(1)">',
        subtype="html",
    )
    answer.add_attachment(
        b"%PDF-1.7 " + b"x" * 2039, maintype="application", subtype="pdf", filename="brief.pdf"
    )
    mailbox.deliver(answer)

    assert answering.read(app) == 1

    filed = client.get(LEAD.format(lead_id)).json["conversation"][1]
    assert filed["body"] == "Our brief is attached."
    assert filed["attachments"] == [{"name": "brief.pdf", "size": 2048}]


def test_of_a_very_large_answer_its_start_is_read_and_the_rest_left_in_the_mailbox(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id), "The files you asked for.")
    answer.add_attachment(b"n" * 1000, maintype="text", subtype="plain", filename="notes.txt")
    answer.add_attachment(b"v" * (WHOLE + 1), maintype="video", subtype="mp4", filename="site-tour.mp4")
    mailbox.deliver(answer)

    assert answering.read(app) == 1

    filed = client.get(LEAD.format(lead_id)).json["conversation"][1]
    assert filed["body"].startswith("The files you asked for.\n\n(This message is 14 MB: only its start")
    assert filed["attachments"] == [{"name": "notes.txt", "size": 1000}]


def test_with_nobody_owning_the_lead_the_team_is_told(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    mailbox.deliver(answering.answer(answering.replied(client, emailed, lead_id)))

    assert answering.read(app) == 1

    [told] = emailed().messages[1:]
    assert told["To"] == "team@x.example"
    assert "a lead nobody owns" in told.get_content()


def test_a_message_is_filed_once_however_often_it_comes_or_is_read(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id))
    mailbox.deliver(answer, answer)

    assert answering.read(app) == 1
    # A folder whose UIDVALIDITY changed (the mailbox rebuilt) is read from its start again.
    with app.app_context():
        db.session.execute(db.update(MailboxRead).values(uid_validity=1, last_uid=0))
        db.session.commit()
    assert answering.read(app) == 0

    assert len(client.get(LEAD.format(lead_id)).json["conversation"]) == 2


def test_one_worker_reads_the_mailbox_at_a_time(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    mailbox.deliver(answering.answer(answering.replied(client, emailed, lead_id)))
    now = datetime.now(UTC)
    with app.app_context():
        db.session.add(MailboxRead(folder="INBOX", uid_validity=0, last_uid=0, leased_until=now + LEASE))
        db.session.commit()

    assert answering.read(app, now) is None
    # A worker that died holding the lease holds it no longer than that.
    assert answering.read(app, now + LEASE + timedelta(seconds=1)) == 1


def test_an_erased_leads_answer_is_left_in_the_mailbox(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id))
    with app.app_context():
        erase("ann@acme.example")
    mailbox.deliver(answer)

    assert answering.read(app) == 0
    assert len(mailbox.flags()) == 1
    with app.app_context():
        assert db.session.scalars(db.select(LeadMessage)).all() == []


def test_a_mailbox_that_refuses_the_sign_in_is_logged_and_its_lease_let_go(app, mailbox, monkeypatch, caplog):
    monkeypatch.setitem(app.config, "IMAP_PASSWORD", "wrong")

    with app.app_context(), caplog.at_level(logging.WARNING):
        run.read_once(datetime.now(UTC), lambda: None)

    assert "sales mailbox not read error=LoginError" in caplog.text
    with app.app_context():
        assert db.session.get(MailboxRead, "INBOX").leased_until is None
