"""The outbox worker's heartbeat: a row per host (a container's own name) saying when its worker
last went round its loop, or between two notifications of a long batch. A worker whose row is older
than OUTBOX_STALE_SECONDS is silent: stuck, or gone. `lead-service outbox health` asks of this
host's, the readiness probe and the metrics of the newest of all."""

import socket
import time
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from flask import current_app
from sqlalchemy import delete, func, select
from sqlalchemy.dialects import postgresql, sqlite

from ..extensions import db
from ..models.leads import WorkerHeartbeat, as_utc

# A container's host name is its own; a machine running several workers shares one row.
HOST = socket.gethostname()
# Rows of workers gone this long (containers replaced since) are dropped at a worker's start.
FORGOTTEN_AFTER = timedelta(days=7)
# The mailbox readers' rows (mailbox/run.py), and this host's.
READERS = "mailbox:"
MAILBOX = f"{READERS}{HOST}"


class Heartbeat:
    """Beats at most twice a poll interval, so that a batch of notifications beats between them
    without a write per notification."""

    def __init__(self, poll_seconds: float, name: str = HOST) -> None:
        self.name = name
        self.every = poll_seconds / 2
        self.started_at = datetime.now(UTC)
        self._last = float("-inf")

    def start(self) -> None:
        db.session.execute(
            delete(WorkerHeartbeat).where(WorkerHeartbeat.beat_at < self.started_at - FORGOTTEN_AFTER)
        )
        self.beat()

    def beat(self) -> None:
        if time.monotonic() - self._last < self.every:
            return
        now = datetime.now(UTC)
        insert = (postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite).insert
        statement = insert(WorkerHeartbeat).values(name=self.name, started_at=self.started_at, beat_at=now)
        db.session.execute(
            statement.on_conflict_do_update(
                index_elements=[WorkerHeartbeat.name],
                set_={"started_at": self.started_at, "beat_at": now},
            )
        )
        db.session.commit()
        self._last = time.monotonic()


class Pulse(NamedTuple):
    """A worker's last heartbeat and how it stands: "ok", "stale" or "none" (never beat)."""

    state: str
    age_seconds: float | None


def pulse(beat_at: datetime | None, now: datetime | None = None) -> Pulse:
    if beat_at is None:
        return Pulse("none", None)
    age = ((now or datetime.now(UTC)) - as_utc(beat_at)).total_seconds()
    return Pulse("ok" if age <= current_app.config["OUTBOX_STALE_SECONDS"] else "stale", max(age, 0.0))


def this_host(name: str = HOST) -> Pulse:
    return pulse(db.session.scalar(select(WorkerHeartbeat.beat_at).where(WorkerHeartbeat.name == name)))


def newest(readers: bool = False) -> Pulse:
    """The newest outbox worker's, or with `readers` the newest mailbox reader's."""
    of_readers = WorkerHeartbeat.name.startswith(READERS)
    return pulse(
        db.session.scalar(
            select(func.max(WorkerHeartbeat.beat_at)).where(of_readers if readers else ~of_readers)
        )
    )
