"""The outbox: each new lead's notification is written in the lead's own transaction
and delivered by a worker, so that the sales team hears of every committed lead, once it is
committed, whatever the mail server or the webhook receiver is doing at that moment. A member of
staff's e-mails (a lead given to them, an event on their own account) and the sales team's replies
to leads go the same way.

Delivery is at least once: a worker that dies between a send and its commit sends that one again,
with the same Message-ID and X-Lead-Delivery, by which a mail client or a receiver can drop it."""

import json
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from flask import current_app
from sqlalchemy import delete, select, true, update
from sqlalchemy.exc import SQLAlchemyError

from ..assignment import placing
from ..extensions import db
from ..metrics import DELIVERIES
from ..models.conversation import LeadMessage
from ..models.leads import Lead, OutboxMessage
from ..models.staff import StaffUser
from ..webhooks import events as webhook_events
from .answered import answered
from .assigned import assignment
from .channels import Channel, DeliveryError, EmailChannel
from .digests import digest
from .new_lead import notice
from .overdue import overdue
from .replies import reply
from .security import security_notice
from .unowned import alert, unowned
from .webhook_disabled import webhook_disabled

MAX_BACKOFF = timedelta(hours=1)
# Leads placed by the assignment rules in one transaction: on SQLite, one commit and one turn of the
# write lock for many, which a lead sent meanwhile waits for, however long the turn.
PLACING_BATCH = 100
# What to send through which channel.
Sends = list[tuple[Channel, Callable[[], None]]]
STATUSES = ("pending", "delivered", "dead")


def enqueue(lead_id: int, purpose: str = OutboxMessage.NEW_LEAD) -> None:
    """Adds the notification of a flushed lead to the session, to be committed with it."""
    db.session.add(OutboxMessage(lead_id=lead_id, purpose=purpose))


def enqueue_assignment(lead_id: int, owner_id: int) -> None:
    """Adds the e-mail telling a lead's new owner it is theirs, to be committed with the change."""
    db.session.add(OutboxMessage(lead_id=lead_id, purpose="assigned", recipient_id=owner_id))


def enqueue_reply(lead_id: int, message_id: int) -> None:
    """Adds the e-mail carrying a flushed reply to its lead, to be committed with it."""
    db.session.add(OutboxMessage(lead_id=lead_id, purpose="reply", lead_message_id=message_id))


def enqueue_answered(lead_id: int, message_id: int) -> None:
    """Adds the e-mail telling the lead's owner of the lead's flushed answer, to be committed with it."""
    db.session.add(OutboxMessage(lead_id=lead_id, purpose="reply_received", lead_message_id=message_id))


def enqueue_security(user_id: int, event: str, facts: dict[str, Any]) -> None:
    """Adds the e-mail telling a member of staff of an event on their own account, to be committed
    with the event."""
    detail = json.dumps(facts, sort_keys=True) if facts else None
    db.session.add(OutboxMessage(purpose="security", recipient_id=user_id, event=event, detail=detail))


def backoff(attempts: int, base_seconds: float) -> timedelta:
    """The wait after the `attempts`-th failed try: base, 2 x base, 4 x base, ... at most an hour."""
    return min(timedelta(seconds=base_seconds * 2 ** (attempts - 1)), MAX_BACKOFF)


@dataclass(frozen=True)
class _Claimed:
    id: int
    created_at: datetime
    lead_id: int | None  # none for a security notice, which names no lead
    purpose: str
    recipient_id: int | None
    lead_message_id: int | None  # a reply's
    event: str | None
    detail: str | None
    attempts: int
    sent: dict[str, bool]

    @property
    def label(self) -> str:
        """What it tells of, for the log."""
        if self.purpose in ("security", "due", "webhook_disabled"):
            return f"{self.purpose}={self.event} user={self.recipient_id}"
        return f"lead={self.lead_id}"


def _claim(channels: Sequence[Channel]) -> _Claimed | None:
    """The oldest due notification (with no channel on, only a deployment check's: the others wait
    for one). On PostgreSQL its row stays locked until the caller commits, and other workers skip
    it; on SQLite, one worker runs (see worker.run)."""
    due = select(OutboxMessage).where(
        OutboxMessage.status == "pending", OutboxMessage.next_attempt_at <= datetime.now(UTC)
    )
    if not channels:
        due = due.where(OutboxMessage.purpose == OutboxMessage.CHECK)
    oldest = due.order_by(OutboxMessage.next_attempt_at, OutboxMessage.id).limit(1)
    row = db.session.scalars(oldest.with_for_update(skip_locked=True)).first()
    if row is None:
        return None
    sent = {channel.name: getattr(row, f"{channel.name}_sent_at") is not None for channel in channels}
    return _Claimed(
        row.id,
        row.created_at,
        row.lead_id,
        row.purpose,
        row.recipient_id,
        row.lead_message_id,
        row.event,
        row.detail,
        row.attempts,
        sent,
    )


# What a recorded failure may hold: printable ASCII, which any database column and log line takes.
_NOT_PRINTABLE = re.compile(r"[^\x20-\x7e]")


def _failure(where: str, exc: Exception) -> str:
    # The type and, for a channel's own DeliveryError, its message, which never quotes the lead.
    # Any other exception's text might (a header it could not build), so only its type is kept.
    detail = str(exc) if isinstance(exc, DeliveryError) else f"{type(exc).__name__} (not sent)"
    return _NOT_PRINTABLE.sub("?", f"{where}: {detail}")


class _Busy(Exception):
    """Another worker took the notification while this one was finding out what failed."""


def _reclaim_after(error: SQLAlchemyError, claimed: _Claimed) -> None:
    """A database error while reading a lead is the database's when it does not answer a plain
    query either (raised again: the worker waits for it), and the row's own when it does (a value
    the driver cannot read): then the row is locked again, for its failure to be recorded."""
    db.session.rollback()
    try:
        db.session.execute(select(1))
    except SQLAlchemyError:
        raise error from None
    again = db.session.scalars(
        select(OutboxMessage.id)
        .where(OutboxMessage.id == claimed.id, OutboxMessage.status == "pending")
        .with_for_update(skip_locked=True)
    ).first()
    if again is None:
        raise _Busy


def _by_email(channels: Sequence[Channel], send: Callable[[EmailChannel], None]) -> Sends:
    """A member of staff's e-mail goes by the e-mail channel alone: none when it is off."""
    return [(channel, partial(send, channel)) for channel in channels if isinstance(channel, EmailChannel)]


def _sends(claimed: _Claimed, channels: Sequence[Channel]) -> Sends | None:
    """What to send through which channel: the sales team's notification through each, or a member
    of staff's e-mail (a lead's new owner's, a security notice, the morning's due next steps), the
    team's alert of a lead past its response target or given to nobody, the owner's notice of the
    lead's answer or a reply to a lead, by e-mail alone. None when there is nobody to tell any more
    (the lead was erased, answered, or given to someone else since, or the member of staff can no
    longer sign in)."""
    if claimed.purpose == OutboxMessage.CHECK:
        return []  # delivered to nobody: that the worker took it is the check
    to_staff = {"security": _security_sends, "due": _due_sends, "webhook_disabled": _webhook_disabled_sends}
    if claimed.purpose in to_staff:
        return to_staff[claimed.purpose](claimed, channels)
    lead = db.session.get(Lead, claimed.lead_id)
    if lead is None:
        return None
    of_lead = {
        "new_lead": _notice_sends,
        "reply": _reply_sends,
        "reply_received": _answered_sends,
        "overdue": _overdue_sends,
        "unowned": _unowned_sends,
    }
    return of_lead.get(claimed.purpose, _assignment_sends)(claimed, lead, channels)


def _notice_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends:
    item = notice(claimed.id, lead, current_app.config["SITE_URL"])
    return [(channel, partial(channel.send, item)) for channel in channels]


def _overdue_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends | None:
    alert = overdue(claimed.id, lead, current_app.config["INBOX_URL"])
    return _by_email(channels, lambda channel: channel.send_overdue(alert)) if alert else None


def _place(leads: Sequence[Lead], rules: placing.Placing) -> None:
    """The leads placed by the assignment `rules` in the session's transaction (all chosen, then all
    given at once), and each new owner's e-mail, or the team's alert that nobody was given a lead,
    queued with the change."""
    chosen = [(lead, rules.choose(lead)) for lead in leads]
    placed = [(lead, choice) for lead, choice in chosen if isinstance(choice, placing.Placed)]
    for lead_id, given in placing.give(placed):
        enqueue_assignment(lead_id, given.owner_id)
    for lead, choice in chosen:
        if choice == placing.UNPLACED:
            alert(lead.id, "unplaced")


def _unowned_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends | None:
    told = unowned(claimed.id, lead, claimed.event, current_app.config["INBOX_URL"])
    return _by_email(channels, lambda channel: channel.send_unowned(told)) if told else None


def _answered_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends:
    message = db.session.get(LeadMessage, claimed.lead_message_id)
    told = answered(claimed.id, lead, message, current_app.config["INBOX_URL"], claimed.detail)
    return _by_email(channels, lambda channel: channel.send_answered(told))


def _assignment_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends | None:
    owner = db.session.get(StaffUser, claimed.recipient_id)
    if owner is None or owner.disabled_at is not None or lead.owner_id != owner.id:
        return None
    assigned = assignment(claimed.id, lead, owner, current_app.config["INBOX_URL"])
    return _by_email(channels, lambda channel: channel.send_assignment(assigned))


def _security_sends(claimed: _Claimed, channels: Sequence[Channel]) -> Sends | None:
    user = db.session.get(StaffUser, claimed.recipient_id)
    if user is None or user.disabled_at is not None:
        return None
    told = security_notice(
        claimed.id,
        claimed.event,
        detail=claimed.detail,
        at=claimed.created_at,
        user=user,
        inbox_url=current_app.config["INBOX_URL"],
    )
    return _by_email(channels, lambda channel: channel.send_security(told))


def _webhook_disabled_sends(claimed: _Claimed, channels: Sequence[Channel]) -> Sends | None:
    """An admin's e-mail of an endpoint switched off, while they are still an admin."""
    admin = db.session.get(StaffUser, claimed.recipient_id)
    if admin is None or admin.disabled_at is not None or admin.role != "admin":
        return None
    told = webhook_disabled(claimed.id, claimed.detail, admin, current_app.config["INBOX_URL"])
    return _by_email(channels, lambda channel: channel.send_webhook_disabled(told))


def _due_sends(claimed: _Claimed, channels: Sequence[Channel]) -> Sends | None:
    """A lead owner's morning e-mail of what is due when it goes: none when nothing is any more."""
    user = db.session.get(StaffUser, claimed.recipient_id)
    if user is None or user.disabled_at is not None:
        return None
    item = digest(claimed.id, claimed.event, user, current_app.config["INBOX_URL"])
    if item is None:
        return None
    return _by_email(channels, lambda channel: channel.send_due(item))


def _reply_sends(claimed: _Claimed, lead: Lead, channels: Sequence[Channel]) -> Sends:
    message = db.session.get(LeadMessage, claimed.lead_message_id)
    written = reply(claimed.id, message, db.session.get(StaffUser, message.author_id), lead)
    sends = _by_email(channels, lambda channel: channel.send_reply(written))
    if not sends:  # unlike a notice, a reply nobody took is not delivered: it waits for e-mail
        raise DeliveryError("e-mail is off (SMTP_HOST is not set): the reply waits for it")
    return sends


def _send(claimed: _Claimed, channels: Sequence[Channel]) -> tuple[dict[str, object], list[str]] | None:
    """Builds the message and offers it to each channel that has not taken it: the columns of the
    channels that took it, and the failures. None when its lead is gone, or its member of staff's
    e-mail no longer applies. Whatever a lead or a notice holds, a failure here is this message's
    alone: it is recorded on its row, never raised."""
    sent_at: dict[str, object] = {}
    try:
        sends = _sends(claimed, channels)
        if sends is None:
            return None
    except SQLAlchemyError as exc:
        _reclaim_after(exc, claimed)
        return sent_at, [_failure("notice", exc)]
    except Exception as exc:
        return sent_at, [_failure("notice", exc)]
    if db.session.get_bind().dialect.name == "sqlite":
        # End the read before the sends: in WAL mode a read that later turns into a write fails
        # when a lead was committed in between. The single SQLite worker has no rival to lock out.
        db.session.commit()
    errors = []
    for channel, send in sends:
        if claimed.sent[channel.name]:
            continue
        try:
            send()
        except Exception as exc:
            DELIVERIES.labels(channel.name, "failed").inc()
            errors.append(_failure(channel.name, exc))
            continue
        DELIVERIES.labels(channel.name, "sent").inc()
        sent_at[f"{channel.name}_sent_at"] = datetime.now(UTC)
    return sent_at, errors


def deliver_next(channels: Sequence[Channel]) -> bool:
    """Sends the oldest due notification on every channel that has not taken it yet and records
    the outcome. False when nothing is due."""
    config = current_app.config
    claimed = _claim(channels)
    if claimed is None:
        db.session.rollback()
        return False
    try:
        outcome = _send(claimed, channels)
    except _Busy:
        db.session.rollback()
        return True
    if outcome is None:  # erased, given to another or disabled while it waited: nobody to tell any more
        db.session.execute(delete(OutboxMessage).where(OutboxMessage.id == claimed.id))
        db.session.commit()
        return True
    values, errors = outcome
    attempt = claimed.attempts + 1
    values["attempts"] = attempt
    label = f"outbox_id={claimed.id} {claimed.label} attempt={attempt}"
    if not errors:
        values |= {"status": "delivered", "delivered_at": datetime.now(UTC), "last_error": None}
        if claimed.purpose == "reply" and claimed.lead_id is not None and claimed.lead_message_id is not None:
            # Told with the reply's delivery, in its transaction: sent means the mail server took it.
            webhook_events.conversation(
                "reply.sent", claimed.lead_id, claimed.lead_message_id, values["delivered_at"]
            )
        current_app.logger.info("notification delivered %s", label)
    elif attempt >= config["OUTBOX_MAX_ATTEMPTS"]:
        values |= {"status": "dead", "last_error": "; ".join(errors)[:2000]}
        current_app.logger.error("notification dead after its last try %s errors=%s", label, errors)
    else:
        wait = backoff(attempt, config["OUTBOX_RETRY_BASE_SECONDS"])
        values |= {"next_attempt_at": datetime.now(UTC) + wait, "last_error": "; ".join(errors)[:2000]}
        current_app.logger.warning("notification not delivered %s retry_in=%s errors=%s", label, wait, errors)
    db.session.execute(update(OutboxMessage).where(OutboxMessage.id == claimed.id).values(**values))
    db.session.commit()
    return True


def _place_waiting(ids: Sequence[int]) -> None:
    """Places the leads `ids` by the assignment rules in the session's transaction, and takes them off
    the waiting (a lead erased meanwhile is simply not found)."""
    rules = placing.Placing()
    leads = {lead.id: lead for lead in db.session.scalars(select(Lead).where(Lead.id.in_(ids)))}
    # Nothing is written while the leads are chosen: the changes, the trail's events and the
    # owners' e-mails go in a few statements at the end.
    with db.session.no_autoflush:
        _place([leads[lead_id] for lead_id in ids if lead_id in leads], rules)
    db.session.execute(
        update(Lead)
        .where(Lead.id.in_(ids))
        .values(awaiting_rules=False)
        .execution_options(synchronize_session=False)
    )


def _waiting(lead_id: int | None = None) -> list[int]:
    """The oldest leads waiting for the assignment rules (or the one given, if it still waits), up to
    a batch. On PostgreSQL their rows stay locked until the caller commits, and other workers skip
    them."""
    query = select(Lead.id).where(Lead.awaiting_rules == true())
    if lead_id is not None:
        query = query.where(Lead.id == lead_id)
    query = query.order_by(Lead.id).limit(PLACING_BATCH).with_for_update(skip_locked=True)
    return list(db.session.scalars(query))


def _place_alone(lead_id: int) -> None:
    """Places one lead of a batch that failed, in its own transaction. When it fails too, and the
    database still answers, the failure is the lead's: it waits no more, and the team is told that
    nobody has it, as for a lead no rule places. A database that does not answer is raised: the
    worker waits for it, and the lead waits with it."""
    try:
        if _waiting(lead_id):
            _place_waiting([lead_id])
        db.session.commit()
        return
    except SQLAlchemyError as exc:
        db.session.rollback()
        error = type(exc).__name__
    db.session.execute(select(1))
    current_app.logger.error("lead not placed by the assignment rules lead=%s error=%s", lead_id, error)
    still = update(Lead).where(Lead.id == lead_id, Lead.awaiting_rules == true())
    if db.session.execute(still.values(awaiting_rules=False)).rowcount:  # no other worker placed it
        alert(lead_id, "unplaced")
    db.session.commit()


def place_due(stop: threading.Event, between: Callable[[], None]) -> None:
    """Places every lead waiting for the assignment rules, a batch to a transaction, until none waits
    or `stop` is set, calling `between` after each batch. A batch that fails is placed again one
    lead at a time, so that one lead's failure keeps none of the others waiting. Whatever channels
    are configured: placing a lead sends nothing itself."""
    while not stop.is_set():
        ids = _waiting()
        if not ids:
            db.session.rollback()
            return
        try:
            _place_waiting(ids)
            db.session.commit()
            current_app.logger.info("leads placed by the assignment rules count=%s", len(ids))
        except SQLAlchemyError as exc:
            db.session.rollback()
            current_app.logger.warning("leads not placed in a batch error=%s", type(exc).__name__)
            for lead_id in ids:
                if stop.is_set():
                    return
                _place_alone(lead_id)
        between()


def deliver_due(channels: Sequence[Channel], stop: threading.Event, between: Callable[[], None]) -> None:
    """Delivers every due notification, one at a time, until none is due or `stop` is set, calling
    `between` after each (the worker's heartbeat)."""
    while not stop.is_set() and deliver_next(channels):
        between()


def requeue(ids: Sequence[int]) -> int:
    """Sends the given notifications (or, with none given, every dead one) again from a first try."""
    query = update(OutboxMessage).where(OutboxMessage.status != "delivered")
    query = query.where(OutboxMessage.id.in_(ids)) if ids else query.where(OutboxMessage.status == "dead")
    count = db.session.execute(
        query.values(status="pending", attempts=0, next_attempt_at=datetime.now(UTC))
    ).rowcount
    db.session.commit()
    return count
