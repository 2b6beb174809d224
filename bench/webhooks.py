"""Lead intake with webhook endpoints and without, side by side on each database: quote requests
sent to gunicorn as the assignment rows send them, the outbox worker running throughout, in
alternating rounds with no endpoint switched on and with five (each a receiver of its own here that
verifies every signature with `standardwebhooks`). Intake writes nothing per endpoint (the worker
fans lead.created out from the lead's own outbox row), so the rounds with five should answer as fast;
every lead of those rounds must reach all five, verified, and how long the worker takes to deliver a
round's last one is measured too."""

import time
from pathlib import Path

import requests
from sqlalchemy import Engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.models.webhooks import WebhookEndpoint
from lead_service.tests.receivers import WebhookReceiver
from lead_service.webhooks.signing import new_secret
from tests.support.servers import lead_service, start_outbox_worker, stop

from .assignment import ORDER, WARM_UP, figures, intake_round, last_id
from .services import on_each_database

ENDPOINTS = 5
DELIVERED_WITHIN_S = 120


def webhook_intake(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _none_and_five)


def _endpoints(url: str, receivers: dict[str, WebhookReceiver]) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        db.session.add_all(
            WebhookEndpoint(url=receiver.url, events=["lead.created"], secret=secret)
            for secret, receiver in receivers.items()
        )
        db.session.commit()
        db.engine.dispose()


def _switch(engine: Engine, on: bool) -> None:
    with engine.begin() as connection:
        connection.execute(text("UPDATE webhook_endpoints SET enabled = :on"), {"on": on})


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
    receivers = {
        secret: WebhookReceiver(secret).start() for secret in (new_secret() for _ in range(ENDPOINTS))
    }
    try:
        with lead_service(home, url) as service, requests.Session() as session:
            _endpoints(url, receivers)  # once the service has made its tables
            worker = start_outbox_worker(home, url, {"WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1/32"})
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
    finally:
        for receiver in receivers.values():
            receiver.stop()
    off, on = figures(times["off"]), figures(times["on"])
    wanted = _leads_in(engine, spans)
    # Each receiver got each lead of the rounds with endpoints, with a signature it verified.
    missing = sum(
        len(wanted - {delivery["json"]["data"]["lead_id"] for delivery in receiver.accepted()})
        for receiver in receivers.values()
    )
    return {
        "off": off,
        "on": on,
        "ratio_p95": on["p95_ms"] / off["p95_ms"],
        "refused": refused,
        "deliveries": sum(len(receiver.accepted()) for receiver in receivers.values()),
        "missing": missing,
        "drained_s": max(waits),
    }


def _fanned_out(engine: Engine, first: int, last: int) -> int:
    with engine.connect() as connection:
        return connection.execute(
            text("SELECT count(*) FROM webhook_deliveries WHERE lead_id > :first AND lead_id <= :last"),
            {"first": first, "last": last},
        ).scalar_one()
