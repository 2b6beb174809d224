"""An event recorded for every enabled endpoint that wants it, in the transaction of the act that
caused it, so that an endpoint hears of every committed act and of nothing rolled back. When no
endpoint wants the event, it costs one small query and writes nothing."""

import json
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select, true

from ..extensions import db
from ..models.staff import StaffUser
from ..models.webhooks import WEBHOOK_EVENTS, WebhookDelivery, WebhookEndpoint


def message_id() -> str:
    """A delivery's webhook-id: the same on each of its tries, and on Redeliver."""
    return f"msg_{secrets.token_urlsafe(18)}"


def body(event: str, at: datetime, data: dict[str, Any]) -> str:
    """The body the specification recommends: the type, the time it happened, and its data."""
    stamp = at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    # ASCII: a lone surrogate a lead may hold goes as its escape, which every database column takes.
    return json.dumps({"type": event, "timestamp": stamp, "data": data}, default=str)


def wanting(event: str) -> list[WebhookEndpoint]:
    """The enabled endpoints that chose `event`. The events are a JSON list, read in Python: the
    endpoints are few, and both databases read them alike."""
    if event not in WEBHOOK_EVENTS:
        raise ValueError(f"unknown webhook event {event!r}")
    endpoints = db.session.scalars(select(WebhookEndpoint).where(WebhookEndpoint.enabled == true()))
    return [endpoint for endpoint in endpoints if event in endpoint.events]


def add(endpoint: WebhookEndpoint, event: str, lead_id: int | None, payload: str) -> WebhookDelivery:
    delivery = WebhookDelivery(
        endpoint_id=endpoint.id,
        message_id=message_id(),
        event=event,
        lead_id=lead_id,
        payload=payload,
        next_attempt_at=datetime.now(UTC),
    )
    db.session.add(delivery)
    return delivery


def record(event: str, lead_id: int | None, data: dict[str, Any]) -> int:
    """Adds `event` for each enabled endpoint that wants it to the session, to be committed with the
    act: how many."""
    endpoints = wanting(event)
    if endpoints:
        payload = body(event, datetime.now(UTC), data)
        for endpoint in endpoints:
            add(endpoint, event, lead_id, payload)
    return len(endpoints)


def status_changed(lead_id: int, before: str, after: str) -> None:
    record("lead.status_changed", lead_id, {"lead_id": lead_id, "status": after, "previous_status": before})


def assigned(lead_id: int, owner_id: int | None) -> None:
    """lead.assigned: the owner's id and name (none when the lead was given back to nobody)."""
    if not wanting("lead.assigned"):
        return
    owner = db.session.get(StaffUser, owner_id) if owner_id is not None else None
    named = {"id": owner.id, "name": owner.name} if owner else None
    record("lead.assigned", lead_id, {"lead_id": lead_id, "owner": named})


def conversation(event: str, lead_id: int, message_id: int, at: datetime) -> None:
    """reply.sent or answer.received: which message, and when; its text stays in the inbox."""
    record(
        event, lead_id, {"lead_id": lead_id, "message_id": message_id, "at": at.astimezone(UTC).isoformat()}
    )


def forget(lead_ids: Any) -> None:
    """The deliveries of leads that go (ids, or a select of them), with their tries, which may
    echo what they carried."""
    db.session.execute(delete(WebhookDelivery).where(WebhookDelivery.lead_id.in_(lead_ids)))


def erased(lead_ids: list[int]) -> None:
    """Leads erased: what their deliveries carried goes, and lead.erased, which names only the lead's
    id and the time, is recorded for each."""
    forget(lead_ids)
    for lead_id in lead_ids:
        record("lead.erased", lead_id, {"lead_id": lead_id, "erased_at": datetime.now(UTC).isoformat()})
