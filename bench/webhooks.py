"""Lead intake with webhook endpoints and without, side by side on each database: quote requests
sent to gunicorn as the assignment rows send them, the outbox worker running throughout and e-mailing
each lead, in alternating rounds with no endpoint switched on and with five (each a receiver of its
own that verifies every signature with `standardwebhooks`). Intake writes nothing per endpoint (the
worker fans lead.created out from the lead's own outbox row), so the rounds with five should answer as
fast; every lead of those rounds must reach all five, verified, and how long the worker takes to
deliver a round's last one is measured too. The receivers and the mail server run in a process of
their own, as they would on other machines: not in the one that times the requests."""

import multiprocessing
import os
import time
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


def webhook_intake(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _none_and_five)


def _receivers(secrets: list[str], pipe: Connection) -> None:
    """In a process of its own: a receiver for each secret and a mail server; their addresses sent,
    then, once told to stop, the leads each receiver took with a verified signature, and how many
    deliveries it took in all. At the lowest priority: they stand for other machines, and their
    verifying is no work of the service's, to take a core from intake."""
    os.nice(19)
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


def _switch(engine: Engine, on: bool) -> None:
    """The endpoints on or off, once the worker has e-mailed every lead so far; and the worker's
    next round begun, which asks again whether new leads go to webhooks: each round's leads are
    all fanned out, or none."""
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


def _none_and_five(home: Path, url: str, engine: Engine) -> dict:
    secrets = [new_secret() for _ in range(ENDPOINTS)]
    ours, theirs = multiprocessing.Pipe()
    receiving = multiprocessing.get_context("spawn").Process(target=_receivers, args=(secrets, theirs))
    receiving.start()
    try:
        addresses, smtp_port = ours.recv()
        with lead_service(home, url) as service, requests.Session() as session:
            _endpoints(url, dict(zip(secrets, addresses, strict=True)))  # once the service made its tables
            worker = start_outbox_worker(
                home, url, {**smtp_settings(smtp_port), "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1/32"}
            )
            try:
                times: dict[str, list[float]] = {"off": [], "on": []}
                spans, waits, refused = [], [], 0
                _switch(engine, on=False)
                intake_round(service, session, "warm-up", 0, WARM_UP)
                for number, mode in enumerate(ORDER):
                    _switch(engine, on=mode == "on")
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
                            _undelivered(engine)
                            or _fanned_out(engine, first, last) < ENDPOINTS * (last - first)
                        ):
                            time.sleep(0.05)
                        waits.append(time.monotonic() - began)
            finally:
                stop(worker)
        ours.send("stop")
        taken_by_each = ours.recv()
    finally:
        receiving.join(timeout=30)
        if receiving.is_alive():
            receiving.kill()
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


def _fanned_out(engine: Engine, first: int, last: int) -> int:
    with engine.connect() as connection:
        return connection.execute(
            text("SELECT count(*) FROM webhook_deliveries WHERE lead_id > :first AND lead_id <= :last"),
            {"first": first, "last": last},
        ).scalar_one()
