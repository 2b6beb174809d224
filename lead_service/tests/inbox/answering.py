"""The sales mailbox in the tests of the leads' answers: a real IMAP server (Dovecot) the service is
set to read, a read as the reader makes one, a staff reply as the lead received it, and the lead's
answer to it as a mail client writes one."""

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import pytest

from lead_service.extensions import db
from lead_service.mailbox.reader import read_mailbox
from lead_service.models.conversation import MailboxRead, SetAsideMessage

from ..mailbox_server import Dovecot

SALES = "sales@tidewell.example"
LEAD = "/api/inbox/leads/{}"


@pytest.fixture
def mailbox(app, monkeypatch):
    server = Dovecot().start()
    monkeypatch.setitem(app.config, "SALES_EMAIL", SALES)
    for name, value in server.settings().items():
        monkeypatch.setitem(app.config, name, value)
    yield server
    server.stop()
    with app.app_context():
        db.session.execute(db.delete(MailboxRead))
        db.session.execute(db.delete(SetAsideMessage))
        db.session.commit()


def read(app, now: datetime | None = None) -> int | None:
    """How many answers a read filed; None when another reader holds the folder."""
    with app.app_context():
        done = read_mailbox(now or datetime.now(UTC))
    return None if done is None else done.filed


def replied(client, emailed, lead_id: int, body: str = "When may we call you?") -> EmailMessage:
    """A reply written on the lead's page, as the lead's mail client received it."""
    assert client.post(f"{LEAD.format(lead_id)}/replies", json={"body": body}).status_code == 201
    return emailed().messages[-1]


def answer(to: EmailMessage, body: str = "Thursday at ten suits us.") -> EmailMessage:
    """The lead's answer to `to`, as a mail client writes one."""
    message = EmailMessage()
    message["From"] = str(to["To"])
    message["To"] = str(to["From"])
    message["Subject"] = f"Re: {to['Subject']}"
    message["Date"] = formatdate()
    message["Message-ID"] = make_msgid(domain="acme.example")
    message["In-Reply-To"] = to["Message-ID"]
    message["References"] = f"{to['References'] or ''} {to['Message-ID']}".strip()
    message.set_content(body)
    return message
