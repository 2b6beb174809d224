"""The outbox (DECISIONS.md): each new lead's notification is written in the lead's own transaction
and delivered by a worker, so that the sales team hears of every committed lead, once it is
committed, whatever the mail server or the webhook receiver is doing at that moment.

Delivery is at least once: a worker that dies between a send and its commit sends that one again,
with the same Message-ID and X-Lead-Delivery, by which a mail client or a receiver can drop it."""

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import delete, select, update
from sqlalchemy.exc import SQLAlchemyError

from .channels import Channel, DeliveryError
from .extensions import db
from .models import LEAD_MODELS, OutboxMessage
from .notifications import notice

MAX_BACKOFF = timedelta(hours=1)
STATUSES = ("pending", "delivered", "dead")


def enqueue(kind: str, lead_id: int) -> None:
    """Adds the notification of a flushed lead to the session, to be committed with it."""
    db.session.add(OutboxMessage(lead_kind=kind, lead_id=lead_id))


def backoff(attempts: int, base_seconds: float) -> timedelta:
    """The wait after the `attempts`-th failed try: base, 2 x base, 4 x base, ... at most an hour."""
    return min(timedelta(seconds=base_seconds * 2 ** (attempts - 1)), MAX_BACKOFF)


@dataclass(frozen=True)
class _Claimed:
    id: int
    kind: str
    attempts: int
    sent: dict[str, bool]


def _claim(channels: Sequence[Channel]) -> tuple[_Claimed, object] | None:
    """The oldest due notification and its lead. On PostgreSQL its row stays locked until the
    caller commits, and other workers skip it; on SQLite, one worker runs (see `run`)."""
    now = datetime.now(UTC)
    row = db.session.scalars(
        select(OutboxMessage)
        .where(OutboxMessage.status == "pending", OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
        .limit(1)
        .with_for_update(skip_locked=True)
    ).first()
    if row is None:
        return None
    lead = db.session.get(LEAD_MODELS[row.lead_kind], row.lead_id)
    sent = {channel.name: getattr(row, f"{channel.name}_sent_at") is not None for channel in channels}
    return _Claimed(row.id, row.lead_kind, row.attempts, sent), lead


def deliver_next(channels: Sequence[Channel]) -> bool:
    """Sends the oldest due notification on every channel that has not taken it yet and records
    the outcome. False when nothing is due."""
    config = current_app.config
    claimed = _claim(channels)
    if claimed is None:
        db.session.rollback()
        return False
    row, lead = claimed
    if lead is None:  # erased while it waited: nobody is to be told of it any more
        db.session.execute(delete(OutboxMessage).where(OutboxMessage.id == row.id))
        db.session.commit()
        return True
    item = notice(row.id, row.kind, lead, config["SITE_URL"])
    if db.session.get_bind().dialect.name == "sqlite":
        # End the read before the sends: in WAL mode a read that later turns into a write fails
        # when a lead was committed in between. The single SQLite worker has no rival to lock out.
        db.session.commit()

    now = datetime.now(UTC)
    values: dict[str, object] = {"attempts": row.attempts + 1}
    errors = []
    for channel in channels:
        if row.sent[channel.name]:
            continue
        try:
            channel.send(item)
        except DeliveryError as exc:
            errors.append(f"{channel.name}: {exc}")
            continue
        values[f"{channel.name}_sent_at"] = datetime.now(UTC)
    label = f"outbox_id={row.id} lead={item.lead['kind']}#{item.lead['id']} attempt={row.attempts + 1}"
    if not errors:
        values |= {"status": "delivered", "delivered_at": datetime.now(UTC), "last_error": None}
        current_app.logger.info("notification delivered %s", label)
    elif row.attempts + 1 >= config["OUTBOX_MAX_ATTEMPTS"]:
        values |= {"status": "dead", "last_error": "; ".join(errors)[:2000]}
        current_app.logger.error("notification dead after its last try %s errors=%s", label, errors)
    else:
        wait = backoff(row.attempts + 1, config["OUTBOX_RETRY_BASE_SECONDS"])
        values |= {"next_attempt_at": now + wait, "last_error": "; ".join(errors)[:2000]}
        current_app.logger.warning("notification not delivered %s retry_in=%s errors=%s", label, wait, errors)
    db.session.execute(update(OutboxMessage).where(OutboxMessage.id == row.id).values(**values))
    db.session.commit()
    return True


def work(channels: Sequence[Channel], stop: threading.Event) -> None:
    """Delivers due notifications until `stop` is set, looking again every OUTBOX_POLL_SECONDS.
    A database that is away is waited for, not fatal."""
    poll = current_app.config["OUTBOX_POLL_SECONDS"]
    while not stop.is_set():
        try:
            while not stop.is_set() and deliver_next(channels):
                pass
        except SQLAlchemyError as exc:
            db.session.rollback()
            current_app.logger.warning("outbox waits for the database error=%s", type(exc).__name__)
        stop.wait(poll)
    db.session.remove()


def requeue(ids: Sequence[int]) -> int:
    """Sends the given notifications (or, with none given, every dead one) again from a first try."""
    query = update(OutboxMessage).where(OutboxMessage.status != "delivered")
    query = query.where(OutboxMessage.id.in_(ids)) if ids else query.where(OutboxMessage.status == "dead")
    count = db.session.execute(
        query.values(status="pending", attempts=0, next_attempt_at=datetime.now(UTC))
    ).rowcount
    db.session.commit()
    return count
