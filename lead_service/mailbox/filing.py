"""What becomes of a message of the sales mailbox that answers a lead: filed into the lead's
conversation, marked when its sender is not the lead's address (its owner told only once someone
confirms it), or set aside with why, for admins to file into a lead by hand or dismiss. Each adds to
the session and flushes; the caller commits, with the folder's place when the reader files."""

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import select

from .. import audit
from ..extensions import db
from ..models.conversation import LeadMessage, SetAsideMessage
from ..models.leads import Lead, fold_address
from ..outbox.text import message_id
from ..webhooks import events as webhook_events
from .notices import tell_owner
from .received import Received


def new_message_id(sales_email: str) -> str:
    """An id for a message that came without one: random, so that nobody can guess one to collide
    with, or to thread under."""
    return message_id(sales_email, f"received.{secrets.token_urlsafe(18)}")


def _taken(message_id: str | None) -> bool:
    """Whether a message of the conversations has this Message-ID already. Looked for, not caught at
    the insert: a savepoint on SQLite's driver would commit the message apart from the folder's
    place. One reader reads at a time (the lease), so none races this."""
    return (
        bool(message_id)
        and db.session.scalar(select(LeadMessage.id).where(LeadMessage.message_id == message_id)) is not None
    )


def _answer(lead: Lead, sender: str, sales_email: str, **kept: Any) -> LeadMessage:
    """A message in from `sender`, into the lead's conversation, added and flushed; marked when its
    sender is not the lead's address."""
    folded = fold_address(sender)
    message = LeadMessage(
        lead_id=lead.id,
        direction="in",
        to_address=sales_email,
        from_address=sender,
        from_folded=folded,
        from_other_address=folded != lead.email_folded,
        **kept,
    )
    db.session.add(message)
    db.session.flush()
    return message


def file(
    lead: Lead, received: Received, arrived: datetime, sales_email: str, now: datetime
) -> LeadMessage | None:
    """Keeps an answer in the lead's conversation and, when its sender is the lead's address, queues
    its owner's notice: None when it is there already (the same Message-ID)."""
    if _taken(received.message_id):
        return None
    message = _answer(
        lead,
        received.from_address,
        sales_email,
        created_at=arrived,
        subject=received.subject,
        body=received.body,
        message_id=received.message_id or new_message_id(sales_email),
        in_reply_to=received.in_reply_to,
        reference_ids=received.references,
        attachments=received.attachments,
    )
    if not message.from_other_address:
        tell_owner(lead.id, message.id, now)
        webhook_events.conversation("answer.received", lead.id, message.id, now)
    audit.record(
        "reply_received", lead=lead.id, message_id=message.id, other_address=message.from_other_address
    )
    return message


def set_aside(place: dict[str, Any], lead_id: int, received: Received, reason: str) -> SetAsideMessage:
    """Keeps what could be read of a message that cannot be filed, with why, for staff to see.
    `place`: its folder, uid_validity, uid and received_at."""
    row = SetAsideMessage(
        **place,
        reason=reason,
        lead_id=lead_id,
        message_id=received.message_id,
        in_reply_to=received.in_reply_to,
        reference_ids=received.references,
        sender=received.from_address,
        sender_folded=fold_address(received.from_address),
        subject=received.subject,
        body=received.body,
        attachments=received.attachments,
    )
    db.session.add(row)
    db.session.flush()
    audit.record("message_set_aside", lead=lead_id, set_aside_id=row.id)
    return row


def confirm(message: LeadMessage, actor_id: int, now: datetime) -> None:
    """An answer from another address taken as the lead's: its owner is told now."""
    message.confirmed_by, message.confirmed_at = actor_id, now
    tell_owner(message.lead_id, message.id, now)
    webhook_events.conversation("answer.received", message.lead_id, message.id, now)
    audit.record("answer_confirmed", actor_id, lead=message.lead_id, message_id=message.id)


def file_by_hand(
    row: SetAsideMessage, lead: Lead, actor_id: int, sales_email: str, now: datetime
) -> LeadMessage:
    """A set-aside message filed into a lead's conversation by a member of staff, who vouches for
    it: its owner is told, whatever address it came from."""
    message = _answer(
        lead,
        row.sender,
        sales_email,
        created_at=row.received_at,
        confirmed_by=actor_id,
        confirmed_at=now,
        subject=row.subject,
        body=row.body,
        # Its own id, unless a message of the conversations has it already (a copy filed before).
        message_id=row.message_id
        if row.message_id and not _taken(row.message_id)
        else new_message_id(sales_email),
        in_reply_to=row.in_reply_to,
        reference_ids=row.reference_ids,
        attachments=row.attachments,
    )
    row.resolved_at, row.resolved_by, row.resolution, row.filed_message_id = (
        now,
        actor_id,
        "filed",
        message.id,
    )
    tell_owner(lead.id, message.id, now)
    webhook_events.conversation("answer.received", lead.id, message.id, now)
    audit.record("set_aside_filed", actor_id, lead=lead.id, set_aside_id=row.id, message_id=message.id)
    return message


def dismiss(row: SetAsideMessage, actor_id: int, now: datetime) -> None:
    row.resolved_at, row.resolved_by, row.resolution = now, actor_id, "dismissed"
    audit.record("set_aside_dismissed", actor_id, lead=row.lead_id, set_aside_id=row.id)
