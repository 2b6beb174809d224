"""The sales mailbox read back: 1,000 leads each answered a reply of the team's, the answers in a
real IMAP server (Dovecot) among as many other messages, and one read of the mailbox as the outbox
worker makes it (every new message's thread headers, then each answer whole, filed into its lead's
conversation with its owner's notice queued), timed on SQLite and on PostgreSQL."""

import os
import subprocess
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.mailbox.reader import read_mailbox
from lead_service.models.conversation import LeadMessage
from lead_service.models.leads import Lead
from lead_service.tests.mailbox_server import Dovecot
from tests.support.servers import BIN

from .services import on_each_database

ANSWERS = 1_000
SALES = "sales@bench.example"


def _message(n: int, answers: str | None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = f"person{n}@lead.example"
    message["To"] = SALES
    message["Subject"] = "Re: Your quote request" if answers else f"Newsletter {n}"
    message["Message-ID"] = f"<{'answer' if answers else 'other'}.{n}@lead.example>"
    if answers:
        message["In-Reply-To"] = answers
        message["References"] = answers
    message.set_content("Thank you: Thursday at ten suits us.\n\n" + "> What we wrote before.\n" * 40)
    if answers and n % 10 == 0:
        message.add_attachment(b"x" * 20_000, maintype="application", subtype="pdf", filename="brief.pdf")
    return message


def _read(home: Path, url: str, _engine) -> dict:
    env = {**os.environ, "DATABASE_URL": url, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    for step in (["db", "upgrade"], ["leads", "fake", "--count", str(ANSWERS)]):
        subprocess.run([BIN / "lead-service", *step], env=env, check=True, capture_output=True)
    mailbox = Dovecot().start()
    try:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": database_url(url), "SALES_EMAIL": SALES, **mailbox.settings()}
        )
        with app.app_context():
            ids = db.session.scalars(select(Lead.id).order_by(Lead.id)).all()
            replies = [
                LeadMessage(
                    lead_id=lead_id,
                    direction="out",
                    created_at=datetime.now(UTC),
                    to_address=f"person{n}@lead.example",
                    subject="Your quote request",
                    body="When may we call you?",
                    message_id=f"<reply.{n}@bench.example>",
                )
                for n, lead_id in enumerate(ids)
            ]
            db.session.add_all(replies)
            db.session.commit()
            messages = []
            for n in range(ANSWERS):
                messages += [_message(n, f"<reply.{n}@bench.example>"), _message(n, None)]
            mailbox.deliver(*messages)
            began = time.perf_counter()
            filed = read_mailbox(datetime.now(UTC)).filed
            seconds = time.perf_counter() - began
            db.engine.dispose()
    finally:
        mailbox.stop()
    return {"messages": len(messages), "answers": ANSWERS, "filed": filed, "seconds": seconds}


def mailbox_read(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _read)
