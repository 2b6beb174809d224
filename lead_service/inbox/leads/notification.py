"""A lead's notification as the inbox shows it: its status in the outbox and, per channel, where
its sending stands."""

import re
from typing import Any

from flask import current_app

from ...models.leads import OutboxMessage, as_utc, utc_or_none
from ...webhooks import events

# The notification channels (lead_service.outbox.channels).
CHANNELS = ("email", "webhook")

# The outbox's record of a failure: "<channel or notice>: <what>", several joined by "; ".
_FAILURE_START = re.compile(r"; (?=(?:notice|" + "|".join(CHANNELS) + "): )")


def _failures(last_error: str | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for failure in _FAILURE_START.split(last_error or ""):
        where, separator, what = failure.partition(": ")
        if separator:
            found[where] = what
    return found


def notification_state(row: OutboxMessage | None) -> dict[str, Any] | None:
    """The notification's status and, per channel: sent (when), failed (why, and the next try),
        dead (why), pending, or not_configured (off now, or when it was delivered). The webhook channel is
    on while an enabled endpoint wants lead.created; its "sent" is the lead's deliveries recorded, each
    endpoint's own log saying how they went."""
    if row is None:
        return None
    failures = _failures(row.last_error)
    channels = {}
    on = {"email": bool(current_app.config["SMTP_HOST"]), "webhook": bool(events.wanting("lead.created"))}
    for name in CHANNELS:
        sent_at = getattr(row, f"{name}_sent_at")
        error = failures.get(name) or failures.get("notice")
        if sent_at is not None:
            state: dict[str, Any] = {"state": "sent", "at": as_utc(sent_at)}
        elif row.status == "delivered" or not on[name]:
            state = {"state": "not_configured"}
        elif row.status == "dead":
            state = {"state": "dead", "error": error}
        elif row.attempts and error:
            state = {"state": "failed", "error": error, "next_attempt_at": utc_or_none(row.next_attempt_at)}
        else:
            state = {"state": "pending"}
        channels[name] = state
    return {
        "id": row.id,
        "status": row.status,
        "attempts": row.attempts,
        "queued_at": as_utc(row.created_at),
        "next_attempt_at": utc_or_none(row.next_attempt_at) if row.status == "pending" else None,
        "delivered_at": utc_or_none(row.delivered_at),
        "last_error": row.last_error,
        "channels": channels,
    }
