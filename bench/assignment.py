"""Lead intake with the assignment rules on and off, side by side on each database: quote requests
sent to gunicorn 40 a second, the outbox worker running throughout (placing each lead while rules
are kept, a hundred to a transaction), in alternating rounds without rules and with them (a rule that
matches no lead, then a round-robin among three people that matches every one). Every lead of the
rounds with rules must end up with an owner; how long the worker takes to place a round's last lead
is measured too."""

import statistics
import time
from pathlib import Path

import requests
from sqlalchemy import Engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.models.assignment import AssignmentRule, StaffGroup, StaffGroupMember
from lead_service.models.staff import StaffUser
from tests.support.servers import lead_service, start_outbox_worker, stop

from .services import on_each_database

# Each mode's rounds in the order off, on, on, off, three times over: the table grows as the bench
# goes, and neither mode may always come later.
ORDER = ("off", "on", "on", "off") * 3
ROUNDS = len(ORDER) // 2
LEADS_PER_ROUND = 300
# Leads a second: 3.5 million a day, far past what the team receives, yet with room between them for
# the worker's placing, as there is in life; back to back, any work beside intake on two cores
# (its own notifications too) shows in its latency, as the intake row above measures.
RATE = 40
WARM_UP = 50
BAR_RATIO = 1.1
PLACED_WITHIN_S = 120
QUOTE = {
    "name": "Bench Visitor",
    "phone": "+44 20 7946 0958",
    "project": "Measured by make bench",
    "budget": "1000$ - 5000$ Estimated",
}


def assignment_intake(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _off_and_on)


def _team(url: str) -> list[int]:
    """Three sales staff, a group of them and a person of their own, as the rules name them: the
    group's and the person's ids, and who keeps the rules."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        people = [
            StaffUser(email=f"seller{n}@bench.example", name=f"Seller {n}", role="sales", password_hash="-")
            for n in range(4)
        ]
        group = StaffGroup(name="Everyone in turn")
        db.session.add_all([*people, group])
        db.session.flush()
        db.session.add_all(StaffGroupMember(group_id=group.id, user_id=person.id) for person in people[:3])
        db.session.commit()
        ids = [group.id, people[3].id, people[0].id]
        db.engine.dispose()
    return ids


def _rules(url: str, team: list[int], on: bool) -> None:
    group, person, keeper = team
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        db.session.execute(db.delete(AssignmentRule))
        if on:
            kept = {"updated_by": keeper, "forms": "[]", "budgets": "[]", "sources": "[]"}
            db.session.add_all(
                [
                    AssignmentRule(position=1, name="Malaysia", countries='["Malaysia"]', target="person",
                                   user_id=person, **kept),
                    AssignmentRule(position=2, name="Everyone", countries="[]", target="round_robin",
                                   group_id=group, **kept),
                ]
            )  # fmt: skip
        db.session.commit()
        db.engine.dispose()


def last_id(engine: Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(text("SELECT coalesce(max(id), 0) FROM leads")).scalar_one()


def _unplaced(engine: Engine, spans: list[tuple[int, int]]) -> int:
    """The leads of the rounds with rules that have no owner."""
    with engine.connect() as connection:
        return sum(
            connection.execute(
                text("SELECT count(*) FROM leads WHERE id > :first AND id <= :last AND owner_id IS NULL"),
                {"first": first, "last": last},
            ).scalar_one()
            for first, last in spans
        )


def _waiting(engine: Engine) -> int:
    """The leads still waiting for the rules."""
    with engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM leads WHERE awaiting_rules")).scalar_one()


def intake_round(
    service: str, session: requests.Session, mode: str, number: int, leads: int = LEADS_PER_ROUND
) -> tuple[list[float], int]:
    """One round's quote requests, RATE a second, each once the one before was answered: each one's
    milliseconds, and how many were not answered 201."""
    times, refused = [], 0
    start = time.monotonic()
    for n in range(leads):
        time.sleep(max(0.0, start + n / RATE - time.monotonic()))
        lead = {**QUOTE, "email": f"bench-{mode}-{number}-{n}@bench.example"}
        began = time.perf_counter()
        answer = session.post(f"{service}/api/quote", json=lead, timeout=30)
        times.append((time.perf_counter() - began) * 1000)
        refused += answer.status_code != 201
    return times, refused


def figures(times: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(times, n=20)
    return {"p50_ms": statistics.median(times), "p95_ms": cuts[18], "leads": len(times)}


def _off_and_on(home: Path, url: str, engine: Engine) -> dict:
    with lead_service(home, url) as service, requests.Session() as session:
        worker = start_outbox_worker(home, url, {})
        try:
            team = _team(url)
            times: dict[str, list[float]] = {"off": [], "on": []}
            spans, waits, refused = [], [], 0
            intake_round(service, session, "warm-up", 0, WARM_UP)  # the processes' first requests, unmeasured
            for number, mode in enumerate(ORDER):
                _rules(url, team, on=mode == "on")
                first = last_id(engine)
                taken, missed = intake_round(service, session, mode, number)
                times[mode] += taken
                refused += missed
                if mode == "on":
                    # Every lead of the round placed before the rules go: the next round is measured
                    # without the worker's placing beside it.
                    spans.append((first, last_id(engine)))
                    began = time.monotonic()
                    while _waiting(engine) and time.monotonic() - began < PLACED_WITHIN_S:
                        time.sleep(0.05)
                    waits.append(time.monotonic() - began)
        finally:
            stop(worker)
    off, on = figures(times["off"]), figures(times["on"])
    return {
        "off": off,
        "on": on,
        "ratio_p95": on["p95_ms"] / off["p95_ms"],
        "refused": refused,
        "unplaced": _unplaced(engine, spans),
        "drained_s": max(waits),
    }
