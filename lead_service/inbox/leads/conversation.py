"""A lead's conversation: the replies the sales team writes from the inbox, sent by the outbox as
e-mails from the sales mailbox (SALES_EMAIL) under the writer's name, each threaded under the ones
before it, and shown on the lead's page with its delivery as it stands; and the lead's answers,
which the outbox worker files from the sales mailbox (mailbox/reader.py).

A reply is the lead's first response when nothing answered it before: a new lead becomes
"contacted" with it, in its transaction, as a change of status from new would make it."""

import secrets
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from ... import audit, content
from ...extensions import db
from ...models.conversation import LeadMessage
from ...models.leads import Lead, OutboxMessage, as_utc
from ...models.staff import StaffUser
from ...outbox import queue
from ...outbox.text import message_id, reply_address, what

COMPANY = content.load("site")["name"]
# A thread's References name its first message and its latest ones, as RFC 5322 allows a long
# thread's to be shortened: a mail client needs no more to place a reply.
REFERENCES_KEPT = 10


def replies_off(lead: Lead) -> str | None:
    """Why no reply can be written to the lead now, or None when one can."""
    if not current_app.config["SALES_EMAIL"]:
        return "Replies are off: the service has no sales address to send them from (SALES_EMAIL)."
    if reply_address(lead.email) is None:
        return "This lead's e-mail address cannot take an e-mail: answer by phone, or write to it by hand."
    return None


def _delivery(row: OutboxMessage) -> dict[str, Any]:
    """Where a reply's e-mail stands, as a notification's channel does: waiting for its first try,
    sent (when), failed for now (why, and the next try), or dead (out of tries: why)."""
    if row.email_sent_at is not None:
        return {"state": "sent", "at": as_utc(row.email_sent_at)}
    if row.status == "dead":
        return {"state": "dead", "error": row.last_error}
    if row.attempts:
        return {"state": "failed", "error": row.last_error, "next_attempt_at": as_utc(row.next_attempt_at)}
    return {"state": "pending"}


def messages(lead_id: int) -> list[dict[str, Any]]:
    """The lead's conversation, oldest first: an answer from an address other than the lead's says
    so, and who confirmed it is the lead's, if anyone has."""
    confirmer = aliased(StaffUser)
    rows = db.session.execute(
        select(LeadMessage, OutboxMessage, StaffUser, confirmer)
        # By the lead's outbox rows first (their lead_id index): most rows name no message, and
        # SQLite's statistics then judge the lead_message_id index useless and read every row.
        .outerjoin(
            OutboxMessage,
            (OutboxMessage.lead_id == LeadMessage.lead_id)
            & (OutboxMessage.lead_message_id == LeadMessage.id)
            & (OutboxMessage.purpose == "reply"),
        )
        .outerjoin(StaffUser, StaffUser.id == LeadMessage.author_id)
        .outerjoin(confirmer, confirmer.id == LeadMessage.confirmed_by)
        .where(LeadMessage.lead_id == lead_id)
        .order_by(LeadMessage.id)
    ).all()
    return [
        {
            "id": message.id,
            "direction": message.direction,
            "author": {"id": author.id, "name": author.name} if author else None,
            "at": as_utc(message.created_at),
            "to": message.to_address,
            "sender": message.from_address,
            "subject": message.subject,
            "body": message.body,
            "delivery": _delivery(outbox) if outbox else None,
            "attachments": message.attachments or [],
            "from_other_address": message.direction == "in" and message.from_other_address,
            "confirmed": {
                "by": {"id": confirmed.id, "name": confirmed.name},
                "at": as_utc(message.confirmed_at),
            }
            if confirmed and message.direction == "in" and message.confirmed_at
            else None,
        }
        for message, outbox, author, confirmed in rows
    ]


def _thread(lead: Lead) -> tuple[str, str | None, str | None]:
    """The subject, In-Reply-To and References of the lead's next message."""
    earlier = db.session.execute(
        select(LeadMessage.subject, LeadMessage.message_id)
        .where(LeadMessage.lead_id == lead.id)
        .order_by(LeadMessage.id)
    ).all()
    if not earlier:
        return f"Your {what(lead.form)} to {COMPANY}", None, None
    first = earlier[0].subject
    subject = first if first.lower().startswith("re:") else f"Re: {first}"
    ids = [row.message_id for row in earlier]
    kept = ids if len(ids) <= REFERENCES_KEPT else [ids[0], *ids[-(REFERENCES_KEPT - 1) :]]
    return subject, ids[-1], " ".join(kept)


def signed(body: str, author: StaffUser) -> str:
    """A reply as it goes: ended by its writer's signature, under the usual "-- " line, which mail
    clients know as the start of one."""
    return f"{body.rstrip()}\n\n-- \n{author.signature}" if author.signature else body


def reply(lead: Lead, body: str, author: StaffUser) -> LeadMessage | None:
    """The reply kept as it goes (signed) and its e-mail queued, committed; none when the lead was
    erased in the meantime (its key refuses the reply). The caller has checked `replies_off`."""
    now = datetime.now(UTC)
    body = signed(body, author)
    subject, in_reply_to, references = _thread(lead)
    message = LeadMessage(
        lead_id=lead.id,
        direction="out",
        author_id=author.id,
        created_at=now,
        to_address=reply_address(lead.email),
        subject=subject,
        body=body,
        message_id=message_id(current_app.config["SALES_EMAIL"], f"reply.{lead.id}.{secrets.token_hex(8)}"),
        in_reply_to=in_reply_to,
        reference_ids=references,
    )
    db.session.add(message)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return None
    queue.enqueue_reply(lead.id, message.id)
    contacted = db.session.execute(
        update(Lead)
        .where(Lead.id == lead.id, Lead.status == "new")
        .values(status="contacted", version=Lead.version + 1)
    ).rowcount
    if contacted:
        audit.record("status_changed", author.id, lead=lead.id, before="new", after="contacted")
    db.session.execute(
        update(Lead).where(Lead.id == lead.id, Lead.first_response_at.is_(None)).values(first_response_at=now)
    )
    audit.record("reply_sent", author.id, lead=lead.id, message_id=message.id, length=len(body))
    db.session.commit()
    return message
