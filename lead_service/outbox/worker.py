"""`lead-service outbox run`: the worker process that delivers the outbox and keeps the house (see
housekeeping.py), beating as it goes (heartbeat.py), stopped by SIGTERM or Ctrl-C after the
notification in hand. With METRICS_BIND set, it serves its own metrics (its deliveries)."""

import fcntl
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import click
from flask import current_app
from sqlalchemy.exc import SQLAlchemyError

from .. import metrics
from ..extensions import db
from . import queue, webhook_delivery
from .channels import Channel, configured
from .heartbeat import Heartbeat
from .housekeeping import Housekeeping


@contextmanager
def _sole_sqlite_worker() -> Iterator[None]:
    """SQLite has no SKIP LOCKED, so two workers would send the same notification twice: a lock
    file beside the database lets one run. PostgreSQL takes any number."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        yield
        return
    with Path(f"{url.database}.outbox.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise click.ClickException(
                f"another outbox worker is running on {url.database}; on SQLite, one runs at a time"
            ) from None
        yield


def _guarded(step: Callable[[], None]) -> None:
    """Runs one step of the loop. A database that is away is waited for; anything else is a fault
    of this code, not of a row (each row's own failures are recorded on it): logged, and the loop
    goes on rather than leave every later lead untold."""
    try:
        step()
    except SQLAlchemyError as exc:
        db.session.rollback()
        current_app.logger.warning("outbox waits for the database error=%s", type(exc).__name__)
    except Exception as exc:
        db.session.rollback()
        current_app.logger.exception("outbox step failed error=%s", type(exc).__name__)


def run() -> None:
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    poll = current_app.config["OUTBOX_POLL_SECONDS"]
    chores = Housekeeping()
    heartbeat = Heartbeat(poll)
    if current_app.config["METRICS_BIND"]:
        metrics.serve(current_app.config["METRICS_BIND"])
    with _sole_sqlite_worker():
        _guarded(heartbeat.start)
        _guarded(webhook_delivery.adopt_webhook_url)
        channels = _channels()
        if not channels:
            # Kept, not dropped: once a channel is configured, the worker delivers them all.
            current_app.logger.warning(
                "no notification channel is configured (SMTP_HOST, a webhook endpoint): "
                "leads wait in the outbox"
            )
        names = ",".join(channel.name for channel in channels) or "none"
        current_app.logger.info("outbox worker started channels=%s", names)
        while not stop.is_set():
            _guarded(lambda: chores.run_due(datetime.now(UTC)))
            _guarded(heartbeat.beat)
            _guarded(lambda: queue.place_due(stop, heartbeat.beat))
            # Endpoints come and go while it runs: whether new leads go to webhooks is asked each round.
            # With none, only a deployment check's notification is taken (it tells nobody).
            _guarded(partial(queue.deliver_due, _channels(), stop, heartbeat.beat))
            _guarded(lambda: webhook_delivery.deliver_due(stop, heartbeat.beat))
            stop.wait(poll)
        db.session.remove()
        current_app.logger.info("outbox worker stopped")


def _channels() -> list[Channel]:
    try:
        wanted = webhook_delivery.wanted_on_new_leads()
        db.session.rollback()
    except SQLAlchemyError:
        db.session.rollback()
        wanted = False
    return configured(current_app.config, webhooks=wanted)
