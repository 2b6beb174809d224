"""The sales team's inbox at 100,000 leads: the time of a list page, of the next page, of a
search, of a lead whose conversation holds 200 messages and of a page of /api/v1/leads (with an
API token, as a sync reads them), through the API, on gunicorn with SQLite and with PostgreSQL,
as a signed-in member of sales asks them one after another (the
searches are parts of stored e-mail addresses and names, as a person types them); then the
board of 5,000 open deals (and as many closed) and a column's next page; then the dashboard's
figures, and the download of every lead as CSV, its time and the service's peak memory."""

import os
import random
import statistics
import subprocess
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import requests
from sqlalchemy import text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.inbox.auth import api_tokens, sessions
from lead_service.models.conversation import LeadMessage
from lead_service.models.deals import Deal
from lead_service.models.staff import StaffUser
from tests.support.servers import BIN, lead_service

from .services import on_each_database

LEADS = 100_000
ASKED = 200  # of each kind of request, after a warm-up of 20
DASHBOARDS = 20  # the dashboard's figures, read in whole each time, after a warm-up of 2
BAR_MS = 50
MESSAGES = 200  # in the conversation of the lead asked for: replies and answers in turn
# What is timed, each against the bar.
REQUESTS = ("list", "next page", "search", "conversation", "v1 page")
V1_PAGE = 100  # leads a page of /api/v1/leads, its default
OPEN_DEALS = 5_000  # on the board, over its four open stages; as many again won or lost
BOARD_BAR_MS = 100
# The board's reads: the whole board, and the next page of its first column.
BOARD_REQUESTS = ("board", "column")


def _fill(home: Path, url: str) -> None:
    env = {**os.environ, "DATABASE_URL": url, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    for step in (["db", "upgrade"], ["leads", "fake", "--count", str(LEADS)]):
        subprocess.run([BIN / "lead-service", *step], env=env, check=True, capture_output=True)


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


def _deals(engine, owner_id: int) -> None:
    """OPEN_DEALS open deals spread over the open stages, as many won or lost, on leads spread
    through the table, in three currencies, closing over a year; half the open ones owned."""
    with engine.connect() as connection:
        stages = connection.execute(text("SELECT id, outcome FROM deal_stages ORDER BY position")).all()
        reasons = connection.execute(text("SELECT id FROM lost_reasons")).scalars().all()
        lead_ids = connection.execute(text("SELECT id FROM leads ORDER BY id")).scalars().all()
    open_stages = [stage for stage, outcome in stages if outcome is None]
    closed = [(stage, outcome) for stage, outcome in stages if outcome is not None]
    rng = random.Random(20261129)
    chosen = rng.sample(lead_ids, 2 * OPEN_DEALS)
    rows = []
    for n, lead_id in enumerate(chosen):
        stage, outcome = (open_stages[n % len(open_stages)], None) if n < OPEN_DEALS else closed[n % 2]
        rows.append(
            {
                "lead_id": lead_id,
                "stage_id": stage,
                "value_minor": rng.randrange(1, 500) * 10_000,
                "currency": ("USD", "EUR", "GBP")[n % 3],
                "expected_close": date(2027, 1, 1) + timedelta(days=rng.randrange(365)),
                "lost_reason_id": rng.choice(reasons) if outcome == "lost" else None,
                "version": 1,
                "created_at": datetime(2026, 10, 1, tzinfo=UTC),
                "closed_at": datetime(2026, 11, 1, tzinfo=UTC) if outcome else None,
            }
        )
    with engine.begin() as connection:
        connection.execute(Deal.__table__.insert(), rows)
        owned = [{"lead": lead_id, "owner": owner_id} for lead_id in chosen[:OPEN_DEALS:2]]
        connection.execute(text("UPDATE leads SET owner_id = :owner WHERE id = :lead"), owned)


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


def _staff_session(url: str) -> tuple[int, str, str]:
    """A signed-in member of sales (their id), their session token, and an API token of theirs
    that reads the leads, made in the database as a sign-in and the tokens page would."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        user = StaffUser(email="bench@staff.example", name="Bench", role="sales", password_hash="not used")
        db.session.add(user)
        db.session.flush()
        user_id, token = user.id, sessions.start(user, "signed_in")
        _, api_token = api_tokens.make("Bench", ["leads:read"], 1, user)
        db.session.commit()
        db.engine.dispose()
    return user_id, token, api_token


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
    url = f"{service}/api/inbox/dashboard"
    for _ in range(2):
        client.get(url, timeout=30).raise_for_status()
    return _timed(client, [url] * DASHBOARDS)


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
    return on_each_database(tmp, _latency)


def _latency(home: Path, url: str, engine) -> dict:
    _fill(home, url)
    user_id, token, api_token = _staff_session(url)
    _deals(engine, user_id)
    queries = _queries(engine)
    with engine.connect() as connection:
        talked = connection.execute(text("SELECT max(id) FROM leads")).scalar_one()
    _conversation(engine, talked)
    with lead_service(home, url) as service:
        client = requests.Session()
        client.headers["Cookie"] = f"{sessions.COOKIE}={token}"
        first = client.get(f"{service}/api/inbox/leads", timeout=30).json()
        for query in queries[:20]:
            client.get(f"{service}/api/inbox/leads", params={"q": query}, timeout=30)
        return {
            "leads": LEADS,
            "list": _timed(client, [f"{service}/api/inbox/leads"] * ASKED),
            "next page": _timed(client, [f"{service}/api/inbox/leads?cursor={quote(first['next'])}"] * ASKED),
            "search": _timed(client, [f"{service}/api/inbox/leads?q={quote(q)}" for q in queries[:ASKED]]),
            "conversation": _timed(client, [f"{service}/api/inbox/leads/{talked}"] * ASKED),
            "v1 page": _timed(
                requests.Session(),
                [f"{service}/api/v1/leads?limit={V1_PAGE}"] * ASKED,
                Authorization=f"Bearer {api_token}",
            ),
            **_board(client, service),
            "dashboard": _dashboard(client, service),
            "export": _export(client, service, home),
        }
