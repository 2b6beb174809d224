"""Lead intake with webhook endpoints and without, side by side on each database: quote requests
sent to gunicorn as the assignment rows send them, the outbox worker running throughout and e-mailing
each lead, in alternating rounds with no endpoint switched on and with five (each a receiver of its
own that verifies every signature with `standardwebhooks`). Intake writes nothing per endpoint (the
worker fans lead.created out from the lead's own outbox row), so the rounds with five should answer as
fast; every lead of those rounds must reach all five, verified, and how long the worker takes to
deliver a round's last one is measured too. The receivers and the mail server run in a process of
their own, as they would on other machines: not in the one that times the requests.

Each database is measured twice: with every process free to run on either core, and with the two
sides held to a core each (intake's gunicorn and the timing client on one; the worker, its database
connections and the receivers on the other), as separate machines or cpusets would keep them. On
shared cores the rounds with endpoints also carry the sending's CPU; on cores apart only what the
fan-out does to intake's own path shows: the bar is held there."""

import multiprocessing
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path

import requests
from sqlalchemy import Engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.models.webhooks import WebhookEndpoint
from lead_service.tests.receivers import SmtpSink, WebhookReceiver, smtp_settings
from lead_service.webhooks.signing import new_secret
from tests.support.servers import lead_service, start_outbox_worker, stop

from .assignment import ORDER, WARM_UP, figures, intake_round, last_id
from .services import on_each_database

ENDPOINTS = 5
DELIVERED_WITHIN_S = 120
POLL_SECONDS = 1  # the worker's OUTBOX_POLL_SECONDS, as `make run` and compose leave it
# The worker's connections, by name, to find their server processes by.
WORKER_CONNECTIONS = "bench-webhook-worker"


def webhook_intake(tmp: Path) -> list[dict]:
    rows = []
    for cores, sides in (("shared", None), ("apart", _sides())):
        (tmp / cores).mkdir()
        if cores == "apart" and sides is None:
            rows.append({"database": "Both", "cores": cores, "skipped": "one core: no side to keep apart"})
            continue
        measured = on_each_database(tmp / cores, partial(_none_and_five, sides=sides))
        rows += [{**row, "cores": cores} for row in measured]
    return rows


def _sides() -> tuple[set[int], set[int]] | None:
    """The core for intake and the core for the worker's side, when this process may use two."""
    cores = sorted(os.sched_getaffinity(0))
    return ({cores[0]}, {cores[1]}) if len(cores) >= 2 else None


@contextmanager
def _intake_side(sides: tuple[set[int], set[int]] | None) -> Iterator[set[int] | None]:
    """Given the `sides`, this process (the timing client, and the gunicorn it starts) on intake's
    core while it lasts: the core for the worker's side, else None."""
    if sides is None:
        yield None
        return
    intake, worker = sides
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, intake)
    try:
        yield worker
    finally:
        os.sched_setaffinity(0, before)


def _hold(pid: int, cores: set[int]) -> None:
    """Every thread of process `pid` on `cores` (the threads it starts later inherit it)."""
    for thread in os.listdir(f"/proc/{pid}/task"):
        os.sched_setaffinity(int(thread), cores)


def _hold_worker_connections(engine: Engine, cores: set[int] | None) -> None:
    """The server processes of the worker's PostgreSQL connections on `cores`, when the server runs
    on this machine (its processes are there to be found, and are PostgreSQL's)."""
    if cores is None or engine.dialect.name != "postgresql":
        return
    with engine.connect() as connection:
        pids = connection.execute(
            text("SELECT pid FROM pg_stat_activity WHERE application_name = :name"),
            {"name": WORKER_CONNECTIONS},
        ).scalars()
        for pid in pids:
            try:
                if Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"postgres"):
                    _hold(pid, cores)
            except OSError:  # another machine's, or gone
                pass


def _receivers(secrets: list[str], pipe: Connection, cores: set[int] | None) -> None:
    """In a process of its own: a receiver for each secret and a mail server; their addresses sent,
    then, once told to stop, the leads each receiver took with a verified signature, and how many
    deliveries it took in all. At the lowest priority (and on the worker's side's core, if given):
    they stand for other machines, and their verifying is no work of the service's, to take a core
    from intake."""
    os.nice(19)
    if cores is not None:
        os.sched_setaffinity(0, cores)
    receivers = [WebhookReceiver(secret).start() for secret in secrets]
    smtp = SmtpSink().start()
    pipe.send(([receiver.url for receiver in receivers], smtp.port))
    pipe.recv()
    pipe.send(
        [
            (
                {delivery["json"]["data"]["lead_id"] for delivery in receiver.accepted()},
                len(receiver.accepted()),
            )
            for receiver in receivers
        ]
    )
    smtp.stop()
    for receiver in receivers:
        receiver.stop()


def _endpoints(url: str, addresses: dict[str, str]) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        db.session.add_all(
            WebhookEndpoint(url=address, events=["lead.created"], secret=secret)
            for secret, address in addresses.items()
        )
        db.session.commit()
        db.engine.dispose()


def _switch(engine: Engine, on: bool, cores: set[int] | None) -> None:
    """The endpoints on or off, once the worker has e-mailed every lead so far; and the worker's
    next round begun, which asks again whether new leads go to webhooks: each round's leads are
    all fanned out, or none. The worker's connections, any new since the last round, held to
    `cores`."""
    _hold_worker_connections(engine, cores)
    began = time.monotonic()
    while _pending(engine) and time.monotonic() - began < DELIVERED_WITHIN_S:
        time.sleep(0.05)
    with engine.begin() as connection:
        connection.execute(text("UPDATE webhook_endpoints SET enabled = :on"), {"on": on})
    time.sleep(2 * POLL_SECONDS)


def _pending(engine: Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM outbox WHERE status = 'pending'")).scalar_one()


def _undelivered(engine: Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(
            text("SELECT count(*) FROM webhook_deliveries WHERE status <> 'delivered'")
        ).scalar_one()


def _leads_in(engine: Engine, spans: list[tuple[int, int]]) -> set[int]:
    with engine.connect() as connection:
        return {
            lead
            for first, last in spans
            for lead in connection.execute(
                text("SELECT id FROM leads WHERE id > :first AND id <= :last"), {"first": first, "last": last}
            ).scalars()
        }


def _none_and_five(home: Path, url: str, engine: Engine, sides: tuple[set[int], set[int]] | None) -> dict:
    secrets = [new_secret() for _ in range(ENDPOINTS)]
    ours, theirs = multiprocessing.Pipe()
    with _intake_side(sides) as worker_side:
        receiving = multiprocessing.get_context("spawn").Process(
            target=_receivers, args=(secrets, theirs, worker_side)
        )
        receiving.start()
        try:
            taken = _rounds(home, url, engine, secrets, ours, cores=worker_side)
            taken_by_each = ours.recv()
        finally:
            receiving.join(timeout=30)
            if receiving.is_alive():
                receiving.kill()
    times, spans, waits, refused = taken
    off, on = figures(times["off"]), figures(times["on"])
    wanted = _leads_in(engine, spans)
    return {
        "off": off,
        "on": on,
        "ratio_p95": on["p95_ms"] / off["p95_ms"],
        "refused": refused,
        "deliveries": sum(count for _, count in taken_by_each),
        # Each receiver got each lead of the rounds with endpoints, with a signature it verified.
        "missing": sum(len(wanted - leads) for leads, _ in taken_by_each),
        "drained_s": max(waits),
    }


def _rounds(
    home: Path, url: str, engine: Engine, secrets: list[str], pipe: Connection, *, cores: set[int] | None
) -> tuple[dict[str, list[float]], list[tuple[int, int]], list[float], int]:
    """The rounds, the receivers told to stop after them: each mode's times, the spans of the
    rounds with endpoints, the waits for their deliveries, and how many leads were refused."""
    addresses, smtp_port = pipe.recv()
    with lead_service(home, url) as service, requests.Session() as session:
        _endpoints(url, dict(zip(secrets, addresses, strict=True)))  # once the service made its tables
        named = f"{url}{'&' if '?' in url else '?'}application_name={WORKER_CONNECTIONS}"
        worker = start_outbox_worker(
            home,
            url,
            {
                **smtp_settings(smtp_port),
                "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1/32",
                **({"DATABASE_URL": named} if url.startswith("postgresql") else {}),
            },
        )
        if cores is not None:
            _hold(worker.pid, cores)
        try:
            times: dict[str, list[float]] = {"off": [], "on": []}
            spans, waits, refused = [], [], 0
            _switch(engine, False, cores)
            intake_round(service, session, "warm-up", 0, WARM_UP)
            for number, mode in enumerate(ORDER):
                _switch(engine, mode == "on", cores)
                first = last_id(engine)
                taken, missed = intake_round(service, session, f"hooks-{mode}", number)
                times[mode] += taken
                refused += missed
                if mode == "on":
                    # Every delivery of the round made before the endpoints go off: the next
                    # round is measured without the worker's sending beside it.
                    last = last_id(engine)
                    spans.append((first, last))
                    began = time.monotonic()
                    while time.monotonic() - began < DELIVERED_WITHIN_S and (
                        _undelivered(engine) or _fanned_out(engine, first, last) < ENDPOINTS * (last - first)
                    ):
                        time.sleep(0.05)
                    waits.append(time.monotonic() - began)
        finally:
            stop(worker)
    pipe.send("stop")
    return times, spans, waits, refused


def _fanned_out(engine: Engine, first: int, last: int) -> int:
    with engine.connect() as connection:
        return connection.execute(
            text("SELECT count(*) FROM webhook_deliveries WHERE lead_id > :first AND lead_id <= :last"),
            {"first": first, "last": last},
        ).scalar_one()
