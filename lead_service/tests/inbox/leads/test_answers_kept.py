"""What no message in the sales mailbox may do to the reading (a real IMAP server, Dovecot): one
that cannot be filed is set aside with why and the answers after it are filed in the same read; a
reader that dies mid-read goes on from the last message it handled; an answer from another address
is filed marked and told to nobody; a lead that writes often is told of three times an hour, the
rest in one summary; a message without an id gets an unguessable one; and an erasure takes what
the erased address wrote into another lead's conversation."""

import imaplib
import json
import re
from datetime import UTC, datetime

import pytest

from lead_service.extensions import db
from lead_service.mailbox import filing, reader
from lead_service.models.conversation import LeadMessage, MailboxRead, SetAsideMessage
from lead_service.models.leads import OutboxMessage
from lead_service.retention import erase

from .. import answering
from ..conftest import contact

pytestmark = pytest.mark.e2e


def _eight_bit(to, subject: str = "Re: eight-bit") -> bytes:
    """An answer whose From holds Latin-1 bytes, which no parser reads as an address."""
    return (
        f"To: {to['From']}\r\nSubject: {subject}\r\nMessage-ID: <8bit@acme.example>\r\n"
        f"In-Reply-To: {to['Message-ID']}\r\n".encode()
        + b"From: Jos\xe9 <jos\xe9@acme.example>\r\nContent-Type: text/plain\r\n\r\nHola.\r\n"
    )


def _messages(app, lead_id: int) -> list[LeadMessage]:
    with app.app_context():
        rows = db.session.scalars(db.select(LeadMessage).where(LeadMessage.lead_id == lead_id)).all()
        db.session.expunge_all()
        return rows


def _set_aside(app) -> list[SetAsideMessage]:
    with app.app_context():
        rows = db.session.scalars(db.select(SetAsideMessage).order_by(SetAsideMessage.id)).all()
        db.session.expunge_all()
        return rows


def _answered_rows(app) -> list[OutboxMessage]:
    with app.app_context():
        rows = db.session.scalars(
            db.select(OutboxMessage)
            .where(OutboxMessage.purpose == "reply_received")
            .order_by(OutboxMessage.id)
        ).all()
        db.session.expunge_all()
        return rows


def test_a_message_that_cannot_be_filed_is_set_aside_and_the_next_answer_filed(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    sent = answering.replied(client, emailed, lead_id)
    mailbox.deliver(_eight_bit(sent), answering.answer(sent))

    assert answering.read(app) == 1

    [aside] = _set_aside(app)
    assert aside.lead_id == lead_id and aside.uid == 1 and aside.subject == "Re: eight-bit"
    assert "sender" in aside.reason and aside.resolved_at is None
    assert aside.sender.encode()  # kept as text, whatever the bytes were
    assert [m.body for m in _messages(app, lead_id) if m.direction == "in"] == ["Thursday at ten suits us."]
    with app.app_context():
        assert db.session.get(MailboxRead, "INBOX").last_uid == 2
    # Read again, neither is looked at twice.
    assert answering.read(app) == 0
    assert len(_set_aside(app)) == 1


def test_a_message_the_database_refuses_is_set_aside_without_its_content(
    signed_in, add, app, emailed, mailbox, monkeypatch
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    sent = answering.replied(client, emailed, lead_id)
    mailbox.deliver(answering.answer(sent))
    real = filing.file

    def refused(*args, **kwargs):
        real(*args, **kwargs)
        raise ValueError("A string literal cannot contain NUL (0x00) characters.")

    monkeypatch.setattr(filing, "file", refused)

    assert answering.read(app) == 0

    [aside] = _set_aside(app)
    assert aside.reason == "It could not be stored (ValueError)."
    assert _messages(app, lead_id)[-1].direction == "out"


def test_a_message_the_mail_server_will_not_give_is_set_aside(
    signed_in, add, app, emailed, mailbox, monkeypatch
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    mailbox.deliver(answering.answer(answering.replied(client, emailed, lead_id)))

    def refused(client_, uid, size):
        raise imaplib.IMAP4.error("FETCH command error: NO [b'[SERVERBUG] \x00broken']")

    monkeypatch.setattr(reader, "_fetch", refused)

    assert answering.read(app) == 0

    [aside] = _set_aside(app)
    assert (
        aside.reason
        == "The mail server would not give it (FETCH command error: NO [b'[SERVERBUG] ?broken'])."
    )
    with app.app_context():
        assert db.session.get(MailboxRead, "INBOX").last_uid == 1


def test_a_message_past_its_time_is_set_aside(signed_in, add, app, emailed, mailbox, monkeypatch):
    client = signed_in("sales")
    [lead_id] = add(contact())
    sent = answering.replied(client, emailed, lead_id)
    mailbox.deliver(answering.answer(sent, "Slow."), answering.answer(sent, "Quick."))
    monkeypatch.setattr(reader, "MESSAGE_SECONDS", 0.2)
    real = reader.parse

    def slow(raw: bytes):
        if b"Slow." in raw:
            while True:  # a parser that never ends
                pass
        return real(raw)

    monkeypatch.setattr(reader, "parse", slow)

    # The quick one has the slow one's Message-ID, which was set aside, not filed.
    assert answering.read(app) == 1

    [aside] = _set_aside(app)
    assert aside.reason == reader.TOO_SLOW
    assert aside.subject == "Re: Your contact message to Tidewell Digital"
    assert [m.body for m in _messages(app, lead_id) if m.direction == "in"] == ["Quick."]


def test_a_reader_that_dies_mid_read_goes_on_from_the_last_message_it_handled(
    signed_in, add, app, emailed, mailbox, monkeypatch
):
    client = signed_in("sales")
    [first, second] = add(contact(), contact("Bo Second", email="bo@acme.example"))
    answers = [answering.answer(answering.replied(client, emailed, lead_id)) for lead_id in (first, second)]
    answers[1].replace_header("Message-ID", "<answer.2@acme.example>")
    mailbox.deliver(*answers)
    real = reader._fetch

    def dies_on_the_second(client_, uid, size):
        if uid == 2:
            raise OSError("connection reset")
        return real(client_, uid, size)

    monkeypatch.setattr(reader, "_fetch", dies_on_the_second)
    with pytest.raises(OSError), app.app_context():
        reader.read_mailbox(datetime.now(UTC))
    with app.app_context():
        place = db.session.get(MailboxRead, "INBOX")
        assert (place.last_uid, place.leased_until) == (1, None)
    monkeypatch.setattr(reader, "_fetch", real)

    assert answering.read(app) == 1
    assert [len(_messages(app, lead_id)) for lead_id in (first, second)] == [2, 2]


def test_an_answer_from_another_address_is_filed_marked_and_tells_nobody(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id))
    answer.replace_header("From", "Someone <SOMEONE@elsewhere.example>")
    mailbox.deliver(answer)

    assert answering.read(app) == 1

    filed = _messages(app, lead_id)[-1]
    assert filed.from_other_address and filed.confirmed_at is None
    assert filed.from_folded == "someone@elsewhere.example"
    assert _answered_rows(app) == []


def test_the_lead_s_own_address_in_other_capitals_is_the_lead_s(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    answer = answering.answer(answering.replied(client, emailed, lead_id))
    answer.replace_header("From", "Ann <ANN@Acme.Example>")
    mailbox.deliver(answer)

    assert answering.read(app) == 1

    assert not _messages(app, lead_id)[-1].from_other_address
    assert len(_answered_rows(app)) == 1


def test_a_lead_that_writes_often_is_told_of_three_times_and_then_in_one_summary(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [lead_id] = add(contact())
    sent = answering.replied(client, emailed, lead_id)
    answers = [answering.answer(sent, f"Answer {n}.") for n in range(6)]
    for n, answer in enumerate(answers):
        answer.replace_header("Message-ID", f"<often.{n}@acme.example>")
    mailbox.deliver(*answers)

    assert answering.read(app) == 6

    rows = _answered_rows(app)
    assert len(rows) == 4
    now = datetime.now(UTC)
    assert all(row.next_attempt_at.replace(tzinfo=UTC) <= now for row in rows[:3])
    summary = rows[3]
    assert json.loads(summary.detail) == {"answers": 3}
    assert summary.next_attempt_at.replace(tzinfo=UTC) > now
    assert summary.lead_message_id == _messages(app, lead_id)[-1].id


def test_answers_without_an_id_each_get_an_unguessable_one(signed_in, add, app, emailed, mailbox):
    client = signed_in("sales")
    [lead_id] = add(contact())
    sent = answering.replied(client, emailed, lead_id)
    answers = [answering.answer(sent, text) for text in ("One.", "Two.")]
    for answer in answers:
        del answer["Message-ID"]
    mailbox.deliver(*answers)

    assert answering.read(app) == 2

    ids = [m.message_id for m in _messages(app, lead_id) if m.direction == "in"]
    assert len(set(ids)) == 2
    # 144 random bits each, and nothing else before the domain: not the lead's id, whose digits a
    # random text may well hold by chance.
    assert all(re.fullmatch(r"<received\.[\w-]{24}@[\w.-]+>", message_id) for message_id in ids), ids


def test_an_erasure_takes_what_the_address_wrote_into_another_leads_conversation(
    signed_in, add, app, emailed, mailbox
):
    client = signed_in("sales")
    [ann, bo] = add(contact(), contact("Bo Second", email="bo@acme.example"))
    sent = answering.replied(client, emailed, ann)
    from_bo = answering.answer(sent, "Bo here, on Ann's thread.")
    from_bo.replace_header("From", "Bo <Bo@Acme.example>")
    blank = answering.answer(sent, " ")  # no text: set aside
    blank.replace_header("From", "bo@acme.example")
    blank.replace_header("Message-ID", "<blank@acme.example>")
    mailbox.deliver(from_bo, blank)
    assert answering.read(app) == 1
    assert [row.sender for row in _set_aside(app)] == ["bo@acme.example"]

    with app.app_context():
        erased = erase("bo@acme.example")

    assert [m.direction for m in _messages(app, ann)] == ["out"]
    assert _messages(app, bo) == []
    # His answer on Ann's thread and his message set aside; his own lead had no conversation.
    assert erased.removed["messages"] == 2
    assert [row.sender for row in _set_aside(app)] == []
