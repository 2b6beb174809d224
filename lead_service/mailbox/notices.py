"""A lead's owner told of the lead's answers, at most NOTICES_PER_HOUR times an hour for a lead:
whoever holds a thread's id can write into it as often as they like, and each answer past that
joins one summary, sent when the hour has passed, which counts them (its outbox row's detail)."""

import json
from datetime import datetime, timedelta

from sqlalchemy import func, select

from ..extensions import db
from ..models.leads import OutboxMessage, as_utc
from ..outbox import queue
from ..outbox.answered import answers_told

NOTICES_PER_HOUR = 3
WINDOW = timedelta(hours=1)


def tell_owner(lead_id: int, message_id: int, now: datetime) -> None:
    """Adds the notice of a flushed answer to the session, to be committed with it: at once while
    the lead's last hour holds fewer than NOTICES_PER_HOUR, else into the summary that waits."""
    answered = (OutboxMessage.lead_id == lead_id) & (OutboxMessage.purpose == "reply_received")
    recent = db.session.execute(
        select(func.count(), func.min(OutboxMessage.created_at)).where(
            answered, OutboxMessage.created_at > now - WINDOW
        )
    ).one()
    if recent[0] < NOTICES_PER_HOUR:
        queue.enqueue_answered(lead_id, message_id)
        return
    waiting = db.session.scalars(
        select(OutboxMessage)
        .where(
            answered,
            # A summary, not yet tried: its count is what marks it.
            OutboxMessage.detail.is_not(None),
            OutboxMessage.status == "pending",
            OutboxMessage.attempts == 0,
        )
        .limit(1)
    ).first()
    if waiting is not None:
        waiting.lead_message_id = message_id
        waiting.detail = json.dumps({"answers": answers_told(waiting.detail) + 1})
        return
    db.session.add(
        OutboxMessage(
            lead_id=lead_id,
            purpose="reply_received",
            lead_message_id=message_id,
            created_at=now,
            next_attempt_at=as_utc(recent[1]) + WINDOW,
            detail=json.dumps({"answers": 1}),
        )
    )
