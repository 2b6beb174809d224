"""The webhook endpoints, for admins: added with the events they want, changed, switched on and off,
removed, their secret made anew (shown once, at creation and at each rotation: an inbox that shows
it again is one more place it leaks from), a test event, and each endpoint's delivery log with
Redeliver. Every change on the audit trail. See docs/integrations.md "Webhooks"."""

from datetime import UTC, datetime
from typing import Any

from flask import abort, g
from sqlalchemy import select

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import as_utc, utc_or_none
from ...models.webhooks import WEBHOOK_EVENTS, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from ...outbox.webhook_delivery import redeliver
from ...webhooks import events
from ...webhooks.signing import new_secret
from ..auth.guard import staff
from ..leads.filters import MAX_ID
from .webhooks_schemas import (
    PAGE,
    DeliveriesQuery,
    EndpointChange,
    EndpointNew,
    InboxWebhookDeliveries,
    InboxWebhookDelivery,
    InboxWebhookEndpoint,
    InboxWebhookEndpoints,
    InboxWebhookSecret,
)

bp = contract.Blueprint("inbox_webhooks", __name__, url_prefix="/api/inbox")


def _found(endpoint_id: int) -> WebhookEndpoint:
    endpoint = db.session.get(WebhookEndpoint, endpoint_id) if endpoint_id <= MAX_ID else None
    if endpoint is None:
        abort(404, description="There is no such webhook endpoint.")
    return endpoint


def _state(endpoint: WebhookEndpoint) -> dict[str, Any]:
    return {
        "id": endpoint.id,
        "url": endpoint.url,
        "description": endpoint.description,
        "events": list(endpoint.events),
        "enabled": endpoint.enabled,
        "created_at": as_utc(endpoint.created_at),
        "failing_since": utc_or_none(endpoint.failing_since),
        "disabled_reason": endpoint.disabled_reason,
        "legacy": endpoint.legacy,
    }


def _delivery(delivery: WebhookDelivery, attempts: list[WebhookAttempt]) -> dict[str, Any]:
    return {
        "id": delivery.id,
        "message_id": delivery.message_id,
        "event": delivery.event,
        "lead_id": delivery.lead_id,
        "created_at": as_utc(delivery.created_at),
        "status": delivery.status,
        "next_attempt_at": as_utc(delivery.next_attempt_at) if delivery.status == "pending" else None,
        "attempts": [
            {
                "at": as_utc(attempt.at),
                "status_code": attempt.status_code,
                "error": attempt.error,
                "duration_ms": attempt.duration_ms,
                "response": attempt.response,
            }
            for attempt in attempts
        ],
    }


def _in_order(chosen: list[str]) -> list[str]:
    return [event for event in WEBHOOK_EVENTS if event in chosen]


@bp.get("/webhooks")
@staff("admin")
@bp.response(200, InboxWebhookEndpoints, description="The endpoints, oldest first, and the events there are.")
def list_endpoints():
    """The webhook endpoints, and their state."""
    endpoints = db.session.scalars(select(WebhookEndpoint).order_by(WebhookEndpoint.id))
    return {"endpoints": [_state(endpoint) for endpoint in endpoints], "events": list(WEBHOOK_EVENTS)}


@bp.post("/webhooks")
@staff("admin")
@bp.arguments(EndpointNew)
@bp.response(201, InboxWebhookSecret, description="The endpoint, and its secret, shown this once.")
def add_endpoint(new: dict[str, Any]):
    """Add an endpoint: its URL (a public address) and the events it wants."""
    endpoint = WebhookEndpoint(
        url=new["url"],
        description=new["description"],
        events=_in_order(new["events"]),
        secret=new_secret(),
        created_by=g.staff.id,
    )
    db.session.add(endpoint)
    db.session.flush()
    audit.record("webhook_added", g.staff.id, endpoint_id=endpoint.id, events=len(endpoint.events))
    db.session.commit()
    return {"endpoint": _state(endpoint), "secret": endpoint.secret}


@bp.post("/webhooks/<int:endpoint_id>")
@staff("admin")
@bp.arguments(EndpointChange)
@bp.response(200, InboxWebhookEndpoint, description="Changed.")
@bp.refuses(404, "No such endpoint.")
def change_endpoint(change: dict[str, Any], endpoint_id: int):
    """Change an endpoint's URL, description or events, or switch it on or off."""
    endpoint = _found(endpoint_id)
    if "url" in change:
        endpoint.url = change["url"]
    if "description" in change:
        endpoint.description = change["description"]
    if "events" in change:
        endpoint.events = _in_order(change["events"])
    if "enabled" in change and change["enabled"] != endpoint.enabled:
        endpoint.enabled = change["enabled"]
        # Switched on again: it starts with a clean record, not three days' failures behind it.
        endpoint.failing_since, endpoint.disabled_reason = (
            None,
            None if change["enabled"] else "Switched off.",
        )
    audit.record("webhook_changed", g.staff.id, endpoint_id=endpoint_id, enabled=endpoint.enabled)
    db.session.commit()
    return _state(endpoint)


@bp.post("/webhooks/<int:endpoint_id>/remove")
@staff("admin")
@bp.response(204, description="Removed, with its log.")
@bp.refuses(404, "No such endpoint.")
def remove_endpoint(endpoint_id: int):
    """Remove an endpoint and its delivery log."""
    endpoint = _found(endpoint_id)
    db.session.delete(endpoint)
    audit.record("webhook_removed", g.staff.id, endpoint_id=endpoint_id)
    db.session.commit()
    return "", 204


@bp.post("/webhooks/<int:endpoint_id>/secret")
@staff("admin")
@bp.response(200, InboxWebhookSecret, description="The new secret, shown this once; the old one is void.")
@bp.refuses(404, "No such endpoint.")
def rotate_secret(endpoint_id: int):
    """Make the endpoint a new secret: deliveries are signed with it from now on."""
    endpoint = _found(endpoint_id)
    endpoint.secret, endpoint.legacy = new_secret(), False  # the old X-Lead-* signature was the old secret's
    audit.record("webhook_secret_rotated", g.staff.id, endpoint_id=endpoint_id)
    db.session.commit()
    return {"endpoint": _state(endpoint), "secret": endpoint.secret}


@bp.post("/webhooks/<int:endpoint_id>/test")
@staff("admin")
@bp.response(201, InboxWebhookDelivery, description="The test event, queued for the worker.")
@bp.refuses(404, "No such endpoint.")
def send_test(endpoint_id: int):
    """Send the endpoint a test event (webhook.test), whichever events it chose."""
    endpoint = _found(endpoint_id)
    now = datetime.now(UTC)
    payload = events.body("webhook.test", now, {"endpoint_id": endpoint.id})
    delivery = events.add(endpoint, "webhook.test", None, payload)
    db.session.flush()
    audit.record("webhook_tested", g.staff.id, endpoint_id=endpoint_id, delivery_id=delivery.id)
    db.session.commit()
    return _delivery(delivery, [])


@bp.get("/webhooks/<int:endpoint_id>/deliveries")
@staff("admin")
@bp.arguments(DeliveriesQuery, location="query")
@bp.response(200, InboxWebhookDeliveries, description="The deliveries of the last 7 days, newest first.")
@bp.alt_response(400, schema=contract.ValidationErrors, description="A cursor that is not one.")
@bp.refuses(404, "No such endpoint.")
def list_deliveries(query: dict[str, Any], endpoint_id: int):
    """An endpoint's delivery log, 50 a page, each delivery with its tries."""
    _found(endpoint_id)
    statement = select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id)
    if "before" in query:
        statement = statement.where(WebhookDelivery.id < query["before"])
    found = db.session.scalars(statement.order_by(WebhookDelivery.id.desc()).limit(PAGE + 1)).all()
    page = found[:PAGE]
    tries: dict[int, list[WebhookAttempt]] = {delivery.id: [] for delivery in page}
    if page:
        for attempt in db.session.scalars(
            select(WebhookAttempt).where(WebhookAttempt.delivery_id.in_(tries)).order_by(WebhookAttempt.id)
        ):
            tries[attempt.delivery_id].append(attempt)
    return {
        "deliveries": [_delivery(delivery, tries[delivery.id]) for delivery in page],
        "next": page[-1].id if len(found) > PAGE else None,
    }


@bp.post("/webhooks/<int:endpoint_id>/deliveries/<int:delivery_id>/redeliver")
@staff("admin")
@bp.response(200, InboxWebhookDelivery, description="Queued again, with the same webhook-id.")
@bp.refuses(404, "No such delivery of the endpoint.")
def redeliver_one(endpoint_id: int, delivery_id: int):
    """Send a delivery again, as it was, with its webhook-id: a receiver that kept it drops the copy."""
    _found(endpoint_id)
    delivery = db.session.get(WebhookDelivery, delivery_id) if delivery_id <= MAX_ID else None
    if delivery is None or delivery.endpoint_id != endpoint_id:
        abort(404, description="The endpoint has no such delivery.")
    redeliver(delivery)
    audit.record("webhook_redelivered", g.staff.id, endpoint_id=endpoint_id, delivery_id=delivery_id)
    db.session.commit()
    attempts = db.session.scalars(
        select(WebhookAttempt).where(WebhookAttempt.delivery_id == delivery_id).order_by(WebhookAttempt.id)
    ).all()
    return _delivery(delivery, list(attempts))
