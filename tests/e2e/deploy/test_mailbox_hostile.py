"""A hostile sales mailbox, as operators run the service: the lead service, the outbox worker and
the mailbox reader (`lead-service mailbox run`), each a process of its own, against a real IMAP
server (Dovecot) and a real SMTP server. Four messages answering a staff reply that no parser should
be trusted with (a From of raw 8-bit bytes, 400 kB of spaces in base64, 20,000 ids in References, a
5 MB HTML body) neither delay a new lead's sales e-mail nor keep the lead's real answer after them
from being filed; each is set aside with why, and nothing in the mailbox is marked read."""

import base64
import subprocess
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formatdate

import pytest
import requests
from sqlalchemy import text

from lead_service.tests.mailbox_server import Dovecot
from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT

from ...support.servers import BIN, free_port, lead_service, start_mailbox_reader, start_outbox_worker, stop
from .test_operators_view import scrape

pytestmark = pytest.mark.e2e

SALES = "sales@tidewell.example"
REPLY_ID = "<reply.hostile.1@tidewell.example>"
LEAD = "mina@harbor.io"
POLL_SECONDS = 2
# A word of each hostile message's reason: its sender's bytes, its blank text, its ids, its size.
REASONS = ("sender", "no text", "100", "MB")
_REPLY = (
    "INSERT INTO lead_messages (lead_id, direction, created_at, to_address, subject, body, message_id,"
    " from_other_address) VALUES (:lead, 'out', :at, :to, 'Your contact message', 'When may we call?',"
    " :id, false)"
)
_FILED = "SELECT count(*) FROM lead_messages WHERE message_id = '<real.answer@harbor.io>'"


def _head(sender: bytes, subject: bytes, extra: bytes = b"") -> bytes:
    return (
        b"From: " + sender + b"\r\nTo: " + SALES.encode() + b"\r\nSubject: " + subject + b"\r\n"
        b"Date: " + formatdate().encode() + b"\r\nIn-Reply-To: " + REPLY_ID.encode() + b"\r\n" + extra
    )


def _hostile() -> list[bytes]:
    spaces = base64.encodebytes(b" " * 400_000)
    many_ids = b"References: " + b"\r\n ".join(f"<id{n}@spam.example>".encode() for n in range(20_000))
    html = b"<html><body>" + b"<b>x</b>" * (5 * 1024 * 1024 // 8) + b"</body></html>"
    return [
        _head(b"Jos\xe9 <jos\xe9@harbor.io>", b"Re: eight-bit", b"Message-ID: <h1@harbor.io>\r\n")
        + b"Content-Type: text/plain\r\n\r\nFrom an unreadable sender.\r\n",
        _head(b"mina@harbor.io", b"Re: spaces", b"Message-ID: <h2@harbor.io>\r\n")
        + b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n"
        + spaces,
        _head(
            b"mina@harbor.io",
            b"Re: threads",
            b"Message-ID: <h3@harbor.io>\r\n" + many_ids + b" " + REPLY_ID.encode() + b"\r\n",
        )
        + b"Content-Type: text/plain\r\n\r\nMany ids.\r\n",
        _head(b"mina@harbor.io", b"Re: markup", b"Message-ID: <h4@harbor.io>\r\n")
        + b"Content-Type: text/html\r\n\r\n"
        + html,
    ]


def _answer() -> EmailMessage:
    message = EmailMessage()
    message["From"] = f"Mina Lee <{LEAD}>"
    message["To"] = SALES
    message["Subject"] = "Re: Your contact message to Tidewell Digital"
    message["Message-ID"] = "<real.answer@harbor.io>"
    message["In-Reply-To"] = REPLY_ID
    message["References"] = REPLY_ID
    message.set_content("Thursday at ten suits us.")
    return message


def _reads(engine) -> datetime | None:
    with engine.connect() as connection:
        return connection.execute(text("SELECT read_at FROM mailbox_reads")).scalar()


def _command(home, database: str, name: str) -> subprocess.CompletedProcess:
    """`lead-service mailbox <name>`, as an operator runs it."""
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": database, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    command = [BIN / "lead-service", "mailbox", name]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False)


def _reply(engine) -> None:
    """The staff reply the hostile messages and the real answer answer, as the inbox keeps one."""
    with engine.begin() as connection:
        lead_id = connection.execute(text("SELECT id FROM leads WHERE email = :e"), {"e": LEAD}).scalar()
        connection.execute(
            text(_REPLY), {"lead": lead_id, "at": datetime.now(UTC), "to": LEAD, "id": REPLY_ID}
        )


def test_hostile_messages_are_set_aside_and_stop_neither_the_leads_nor_the_answers(each_database, tmp_path):
    database, engine = each_database
    mailbox, smtp = Dovecot().start(), SmtpSink().start()
    settings = {
        **smtp_settings(smtp.port),
        **{name: str(value) for name, value in mailbox.settings().items()},
        "SALES_EMAIL": SALES,
        "IMAP_POLL_SECONDS": str(POLL_SECONDS),
    }
    service_metrics, reader_metrics = f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"
    processes = []
    try:
        with lead_service(tmp_path, database, {**settings, "METRICS_BIND": service_metrics}) as url:
            assert requests.post(f"{url}/api/contact", json=CONTACT, timeout=10).status_code == 201
            _reply(engine)
            processes.append(start_outbox_worker(tmp_path, database, settings))
            processes.append(
                start_mailbox_reader(tmp_path, database, {**settings, "METRICS_BIND": reader_metrics})
            )
            wait_for(lambda: len(smtp.messages) >= 1, 15, "the first lead's sales e-mail")

            mailbox.deliver(*_hostile())
            # While the reader works through them, a new lead is told of as fast as ever.
            posted = time.time()
            lead = {**CONTACT, "name": "Second Visitor", "email": "second@harbor.io"}
            sent = requests.post(f"{url}/api/contact", json=lead, timeout=10)
            assert sent.status_code == 201, sent.text
            wait_for(lambda: len(smtp.messages) >= 2, 10, "the second lead's sales e-mail within 10 s")
            assert smtp.arrivals[1] - posted < 10

            before = _reads(engine)
            mailbox.deliver(_answer())
            reads: set[datetime] = set()

            def filed() -> bool:
                read = _reads(engine)
                if read is not None and read != before:
                    reads.add(read)
                with engine.connect() as connection:
                    return bool(connection.execute(text(_FILED)).scalar())

            wait_for(filed, 60, "the real answer filed")
            # Filed by the read that found it, or the one after: one read more at most, and one
            # that may already have begun when it came.
            assert len(reads) <= 2

            unfiled, health = _command(tmp_path, database, "unfiled"), _command(tmp_path, database, "health")
            counted = scrape(f"http://{reader_metrics}/metrics")
            gauges = scrape(f"http://{service_metrics}/metrics")
    finally:
        for process in processes:
            stop(process)
        smtp.stop()
    flags = mailbox.flags()
    mailbox.stop()

    # Each with its sender and subject as text, and why.
    rows = [line.split("\t") for line in unfiled.stdout.splitlines()]
    assert len(rows) == len(REASONS)
    assert [(row[4], row[5], word in row[6]) for row, word in zip(rows, REASONS, strict=True)] == [
        ("jos\ufffd@harbor.io", "Re: eight-bit", True),
        ("mina@harbor.io", "Re: spaces", True),
        ("mina@harbor.io", "Re: threads", True),
        ("mina@harbor.io", "Re: markup", True),
    ]
    assert unfiled.returncode == 0 and unfiled.stderr.strip() == "4 message(s) not filed"
    assert len(flags) == 5 and all(b"\\Seen" not in line for line in flags)
    # The reader beats, counts what it did, and the service's gauges say what waits.
    assert health.returncode == 0, health.stderr
    assert counted[("mailbox_messages_total", (("outcome", "set_aside"),))] == 4
    assert counted[("mailbox_messages_total", (("outcome", "filed"),))] == 1
    assert gauges[("mailbox_set_aside_waiting", ())] == 4
    assert gauges[("mailbox_oldest_unread_age_seconds", ())] == 0
