"""The sales team's inbox at 100,000 and at 1,000,000 leads (`lead-service leads fake`: repeat
senders, conversations, notes, deals, merged people): the time of a list page, of the next page,
of a search, of a lead of the busiest repeat sender (their person: every lead and the history of
them), of a lead whose conversation holds 200 messages, of the Due view and of a page of
/api/v1/leads (with an API token, as a sync reads them), through the API, on gunicorn with SQLite
and with PostgreSQL, as a signed-in member of sales asks them one after another (the searches are
parts of stored e-mail addresses and names, as a person types them); then the board and a
column's next page; then the dashboard's figures, and the download of every lead as CSV, its time
and the service's peak memory."""

import functools
import os
import random
import statistics
import subprocess
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import requests
from sqlalchemy import text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.inbox.auth import api_tokens, sessions
from lead_service.models.conversation import LeadMessage
from lead_service.models.staff import StaffUser
from tests.support.servers import BIN, lead_service

from .services import on_each_database

SIZES = (100_000, 1_000_000)  # leads, each size filled in a database of its own
ASKED = 200  # of each kind of request, after a warm-up of 20
DASHBOARDS = 20  # the dashboard's figures, read in whole each time, after a first read and one more
BAR_MS = 50
MESSAGES = 200  # in the conversation of the lead asked for: replies and answers in turn
# What is timed, each against the bar.
REQUESTS = ("list", "next page", "search", "person", "conversation", "due", "v1 page")
V1_PAGE = 100  # leads a page of /api/v1/leads, its default
BOARD_BAR_MS = 100
DASHBOARD_BAR_MS = 250
# The export streams: its peak memory at the largest size within this of the smallest's.
MEMORY_BAR_RATIO = 1.1
# The board's reads: the whole board, and the next page of its first column.
BOARD_REQUESTS = ("board", "column")


def _fill(home: Path, url: str, leads: int) -> float:
    """The database made and filled with `leads` made-up leads: the seconds `leads fake` took."""
    env = {**os.environ, "DATABASE_URL": url, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    subprocess.run([BIN / "lead-service", "db", "upgrade"], env=env, check=True, capture_output=True)
    began = time.perf_counter()
    fake = ["leads", "fake", "--count", str(leads), "--seed", "20261130"]
    subprocess.run([BIN / "lead-service", *fake], env=env, check=True, capture_output=True)
    return time.perf_counter() - began


def _conversation(engine, lead_id: int) -> None:
    """MESSAGES messages on the lead, a reply and its answer in turn, each of a few paragraphs."""
    body = "Thank you for your message. " * 20 + "\n\n" + "We would be glad to call you this week. " * 10
    rows = [
        {
            "lead_id": lead_id,
            "direction": "out" if n % 2 == 0 else "in",
            "created_at": datetime(2026, 11, 1, 9, tzinfo=UTC) + timedelta(minutes=30 * n),
            "to_address": "lead@bench.example" if n % 2 == 0 else "sales@bench.example",
            "from_address": None if n % 2 == 0 else "lead@bench.example",
            "subject": "Re: Your quote request",
            "body": body,
            "message_id": f"<bench.{n}@bench.example>",
        }
        for n in range(MESSAGES)
    ]
    with engine.begin() as connection:
        connection.execute(LeadMessage.__table__.insert(), rows)


def _board(client: requests.Session, service: str) -> dict[str, dict[str, float]]:
    board = client.get(f"{service}/api/inbox/board", timeout=30).json()
    first = board["columns"][0]
    column = f"{service}/api/inbox/board?stage={first['stage']['id']}&after={quote(first['next'])}"
    for _ in range(20):
        client.get(f"{service}/api/inbox/board", timeout=30).raise_for_status()
    return {
        "board": _timed(client, [f"{service}/api/inbox/board"] * ASKED),
        "column": _timed(client, [column] * ASKED),
    }


def _staff_session(url: str) -> tuple[str, str]:
    """A signed-in member of sales' session token, and an API token of theirs that reads the
    leads, made in the database as a sign-in and the tokens page would."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        user = StaffUser(email="bench@staff.example", name="Bench", role="sales", password_hash="not used")
        db.session.add(user)
        db.session.flush()
        token = sessions.start(user, "signed_in")
        _, api_token = api_tokens.make("Bench", ["leads:read"], 1, user)
        db.session.commit()
        db.engine.dispose()
    return token, api_token


def _queries(engine) -> list[str]:
    """Parts of stored addresses (4 to 6 characters from inside the local part or the domain) and
    the first three letters of stored names: what a person types to find someone. The addresses
    are contact messages', the names quote requests'."""
    with engine.connect() as connection:
        emails = connection.execute(text("SELECT email FROM leads WHERE form <> 'quote' LIMIT 500")).scalars()
        names = connection.execute(text("SELECT name FROM leads WHERE form = 'quote' LIMIT 500")).scalars()
        emails, names = emails.all(), names.all()
    rng = random.Random(20261126)
    parts = []
    for email in rng.sample(emails, 100):
        start = rng.randrange(0, max(1, len(email) - 6))
        parts.append(email[start : start + rng.randint(4, 6)])
    return parts + [name[:3] for name in rng.sample(names, 100)]


def _timed(client: requests.Session, urls: list[str], **headers: str) -> dict[str, float]:
    times = []
    for url in urls:
        began = time.perf_counter()
        response = client.get(url, headers=headers, timeout=30)
        times.append((time.perf_counter() - began) * 1000)
        response.raise_for_status()
    cuts = statistics.quantiles(times, n=20)
    return {"p50_ms": statistics.median(times), "p95_ms": cuts[18], "max_ms": max(times)}


def _dashboard(client: requests.Session, service: str) -> dict[str, float]:
    """The first read, which counts every past day of the period from the leads and keeps them (as
    after the migration that began keeping them), then DASHBOARDS more after a second."""
    url = f"{service}/api/inbox/dashboard"
    began = time.perf_counter()
    client.get(url, timeout=300).raise_for_status()
    first = (time.perf_counter() - began) * 1000
    client.get(url, timeout=30).raise_for_status()
    return {**_timed(client, [url] * DASHBOARDS), "first_ms": first}


def _peak_memory_mb(home: Path) -> float:
    """The largest peak resident memory (VmHWM) of the service's gunicorn processes: those whose
    instance path is `home`."""
    marker = f"LEAD_SERVICE_INSTANCE_PATH={home}".encode()
    peaks = []
    for process in Path("/proc").iterdir():
        try:
            if not process.name.isdigit() or marker not in (process / "environ").read_bytes().split(b"\0"):
                continue
            status = (process / "status").read_text()
        except OSError:  # gone, or not ours to read
            continue
        peaks += [int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmHWM:")]
    return max(peaks)


def _export(client: requests.Session, service: str, home: Path) -> dict[str, float]:
    """Every lead as CSV, read as it streams: seconds, rows, and the service's peak memory before
    and after."""
    before = _peak_memory_mb(home)
    began = time.perf_counter()
    with client.get(f"{service}/api/inbox/leads/export?spam=include", stream=True, timeout=600) as response:
        response.raise_for_status()
        lines = sum(chunk.count(b"\n") for chunk in response.iter_content(64 * 1024))
    return {
        "seconds": time.perf_counter() - began,
        "rows": lines - 1,  # the header; no field of a made-up lead holds a line break
        "peak_mb_before": before,
        "peak_mb": _peak_memory_mb(home),
    }


def inbox_latency(tmp: Path) -> list[dict]:
    rows = []
    for leads in SIZES:
        folder = tmp / f"{leads}"
        folder.mkdir()
        rows += [
            {"leads": leads, **row}
            for row in on_each_database(folder, functools.partial(_latency, leads=leads))
        ]
    return rows


def _deals(engine) -> dict[str, int]:
    """How many deals the board holds, open and closed."""
    with engine.connect() as connection:
        counts = connection.execute(
            text(
                "SELECT count(*) - count(s.outcome), count(s.outcome)"
                " FROM deals d JOIN deal_stages s ON s.id = d.stage_id"
            )
        ).one()
    return {"open": counts[0], "closed": counts[1]}


def _busiest(engine) -> int:
    """The newest lead of the person who sent the most."""
    with engine.connect() as connection:
        return connection.execute(
            text(
                "SELECT max(id) FROM leads WHERE email_folded ="
                " (SELECT email_folded FROM leads GROUP BY email_folded ORDER BY count(*) DESC LIMIT 1)"
            )
        ).scalar_one()


def _latency(home: Path, url: str, engine, leads: int) -> dict:
    filled = _fill(home, url, leads)
    token, api_token = _staff_session(url)
    queries = _queries(engine)
    with engine.connect() as connection:
        talked = connection.execute(text("SELECT max(id) FROM leads")).scalar_one()
    _conversation(engine, talked)
    busiest = _busiest(engine)
    with lead_service(home, url) as service:
        client = requests.Session()
        client.headers["Cookie"] = f"{sessions.COOKIE}={token}"
        first = client.get(f"{service}/api/inbox/leads", timeout=30).json()
        for query in queries[:20]:
            client.get(f"{service}/api/inbox/leads", params={"q": query}, timeout=30)
        return {
            "fill_s": filled,
            "deals": _deals(engine),
            "list": _timed(client, [f"{service}/api/inbox/leads"] * ASKED),
            "next page": _timed(client, [f"{service}/api/inbox/leads?cursor={quote(first['next'])}"] * ASKED),
            "search": _timed(client, [f"{service}/api/inbox/leads?q={quote(q)}" for q in queries[:ASKED]]),
            "person": _timed(client, [f"{service}/api/inbox/leads/{busiest}"] * ASKED),
            "conversation": _timed(client, [f"{service}/api/inbox/leads/{talked}"] * ASKED),
            "due": _timed(client, [f"{service}/api/inbox/due"] * ASKED),
            "v1 page": _timed(
                requests.Session(),
                [f"{service}/api/v1/leads?limit={V1_PAGE}"] * ASKED,
                Authorization=f"Bearer {api_token}",
            ),
            **_board(client, service),
            "dashboard": _dashboard(client, service),
            "export": _export(client, service, home),
        }
