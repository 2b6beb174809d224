"""One hostile 10 MB message read and set aside: a reply of the team's in the database, and in a real
IMAP server (Dovecot) an answer to it whose HTML body is 10 MB, the largest a read fetches whole. The
read runs in a process of its own (`python -m bench.hostile_mail URL`, as the mailbox reader would
make it), timed from its start to its last commit, with its resident memory sampled every 5 ms: the
peak during the read, and how far above the process's memory before it that is."""

import json
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, create_engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.mailbox.reader import read_mailbox
from lead_service.tests.mailbox_server import Dovecot
from tests.support.servers import BIN, ROOT

SALES = "sales@bench.example"
REPLY = "<reply.hostile@bench.example>"
SIZE = 10 * 1024 * 1024


def _message() -> bytes:
    head = (
        f"From: lead@lead.example\r\nTo: {SALES}\r\nSubject: Re: Your quote request\r\n"
        f"Message-ID: <hostile@lead.example>\r\nIn-Reply-To: {REPLY}\r\nContent-Type: text/html\r\n\r\n"
    ).encode()
    filling = b"<div><b>x</b></div>"
    return head + filling * ((SIZE - len(head)) // len(filling))


def _rss() -> int:
    """This process's resident memory, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main(url: str, settings: str) -> None:
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url(url), "SALES_EMAIL": SALES, **json.loads(settings)}
    )
    with app.app_context():
        before = peak = _rss()
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not done.wait(0.005):
                peak = max(peak, _rss())

        sampler = threading.Thread(target=sample)
        sampler.start()
        began = time.perf_counter()
        read = read_mailbox(datetime.now(UTC))
        seconds = time.perf_counter() - began
        done.set()
        sampler.join()
    print(
        json.dumps({"seconds": seconds, "rss_before": before, "rss_peak": peak, "set_aside": read.set_aside})
    )


def hostile_read_on_sqlite(home: Path) -> dict:
    """On SQLite alone: what is measured is the message's handling, not the database's."""
    url = f"sqlite:///{home / 'leads.db'}"
    engine = create_engine(url)
    try:
        return _hostile_read(home, url, engine)
    finally:
        engine.dispose()


def _hostile_read(home: Path, url: str, engine: Engine) -> dict:
    env = {"DATABASE_URL": url, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    for step in (["db", "upgrade"], ["leads", "fake", "--count", "1"]):
        subprocess.run([BIN / "lead-service", *step], env=env, check=True, capture_output=True)
    with engine.begin() as connection:
        lead_id = connection.execute(text("SELECT min(id) FROM leads")).scalar()
        connection.execute(
            text(
                "INSERT INTO lead_messages (lead_id, direction, created_at, to_address, subject, body,"
                " message_id, from_other_address) VALUES (:lead, 'out', :at, 'lead@lead.example',"
                " 'Your quote request', 'When may we call you?', :id, false)"
            ),
            {"lead": lead_id, "at": datetime.now(UTC), "id": REPLY},
        )
    mailbox = Dovecot().start()
    try:
        mailbox.deliver(_message())
        settings = json.dumps(mailbox.settings())
        done = subprocess.run(
            [sys.executable, "-m", "bench.hostile_mail", url, settings],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    finally:
        mailbox.stop()
    return {"bytes": SIZE, **json.loads(done.stdout.splitlines()[-1])}


if __name__ == "__main__":
    main(*sys.argv[1:])
