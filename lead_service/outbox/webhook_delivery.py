"""The webhook deliveries, sent by the outbox worker (docs/integrations.md "Webhooks"): the oldest
due first, each one after any earlier delivery of the same lead to the same endpoint, so that a
receiver hears of a lead's events in order. A 2xx delivers it; a 4xx other than 408 and 429 fails it
at once (the receiver will not take it); anything else is tried again on RETRY_SCHEDULE, about a
day. Each try is logged with the start of its answer, for 7 days. An endpoint whose tries have all
failed for 3 days is switched off, and its admins told by e-mail."""

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import delete, exists, insert, select, true, update
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models.leads import OutboxMessage
from ..models.staff import StaffUser
from ..models.webhooks import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from ..webhooks import events
from ..webhooks.addresses import RefusedAddress, resolve
from ..webhooks.sending import Outcome, post
from ..webhooks.signing import legacy_headers, secret_of_shared, standard_headers

# The wait after each failed try, scaled by WEBHOOK_RETRY_SCALE: eight tries over about 32 hours.
RETRY_SCHEDULE = tuple(
    timedelta(seconds=seconds) for seconds in (5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600)
)
FAILING_LIMIT = timedelta(days=3)
# Deliveries tried between two commits: one transaction records them all, so that a busy fan-out
# costs the database a commit per batch, not per try. A worker killed mid-batch sends its tries
# again, with the same webhook-id, as it would one. A batch takes no new try after BATCH_SECONDS:
# its rows stay locked until it is recorded, and the worker beats only between batches, so with
# one try's NOTIFY_TIMEOUT_SECONDS a batch stays well inside OUTBOX_STALE_SECONDS.
BATCH = 25
BATCH_SECONDS = 5.0
KEEP_LOG = timedelta(days=7)


def _due(limit: int) -> list[tuple[WebhookDelivery, WebhookEndpoint]]:
    """The oldest due deliveries of enabled endpoints with no earlier one of their lead still
    pending: never two of one lead to one endpoint. On PostgreSQL their rows stay locked until the
    caller commits, and other workers skip them."""
    earlier = aliased(WebhookDelivery)
    waits = exists().where(
        earlier.endpoint_id == WebhookDelivery.endpoint_id,
        earlier.lead_id == WebhookDelivery.lead_id,
        earlier.status == "pending",
        earlier.id < WebhookDelivery.id,
    )
    rows = db.session.execute(
        select(WebhookDelivery, WebhookEndpoint)
        .join(WebhookEndpoint, WebhookEndpoint.id == WebhookDelivery.endpoint_id)
        .where(
            WebhookDelivery.status == "pending",
            WebhookDelivery.next_attempt_at <= datetime.now(UTC),
            WebhookEndpoint.enabled == true(),
            ~waits,
        )
        .order_by(WebhookDelivery.next_attempt_at, WebhookDelivery.id)
        .limit(limit)
        .with_for_update(of=WebhookDelivery, skip_locked=True)
    ).all()
    return [(row[0], row[1]) for row in rows]


def _try(url: str, secret: str, legacy: bool, message_id: str, payload: str) -> Outcome:
    config = current_app.config
    try:
        target = resolve(url, config["WEBHOOK_ALLOWED_NETWORKS"])
    except RefusedAddress as exc:
        return Outcome(None, str(exc)[:300], 0, "")
    headers = {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "lead-service-webhooks",
        **standard_headers(secret, message_id, payload),
    }
    if legacy:
        headers |= legacy_headers(secret, payload, headers["webhook-timestamp"])
    return post(target, headers, payload.encode(), config["NOTIFY_TIMEOUT_SECONDS"])


def verdict(outcome: Outcome, attempts: int) -> str:
    """delivered, failed (no more tries) or pending (tried again), after the `attempts`-th try."""
    code = outcome.status_code
    if code is not None and 200 <= code < 300:
        return "delivered"
    if code is not None and 400 <= code < 500 and code not in (408, 429):
        return "failed"
    return "pending" if attempts <= len(RETRY_SCHEDULE) else "failed"


@dataclass(frozen=True)
class _Sending:
    delivery_id: int
    endpoint_id: int
    attempt: int
    request: tuple[str, str, bool, str, str]  # _try's arguments


@dataclass(frozen=True)
class _Tried:
    sending: _Sending
    outcome: Outcome
    at: datetime
    status: str  # the delivery's, after it


def deliver_batch(stop: threading.Event | None = None) -> int:
    """Sends up to BATCH due deliveries once each, in order, and records their tries in one
    transaction: how many it tried, 0 when none was due. An endpoint that fails a try gets no more
    in the batch (one down receiver costs one timeout, and is switched off before its next). Once
    `stop` is set, or BATCH_SECONDS have gone, it starts no more. Those not tried are left as they
    were."""
    due = _due(BATCH)
    sendings = [
        _Sending(
            delivery.id,
            endpoint.id,
            delivery.attempts + 1,
            (endpoint.url, endpoint.secret, endpoint.legacy, delivery.message_id, delivery.payload),
        )
        for delivery, endpoint in due
    ]
    failing_since = {endpoint.id: endpoint.failing_since for _, endpoint in due}
    if not sendings or db.session.get_bind().dialect.name == "sqlite":
        db.session.commit()  # no read held open across the sends (see queue._send); one worker runs
    tried: list[_Tried] = []
    failing: set[int] = set()
    until = time.monotonic() + BATCH_SECONDS
    for sending in sendings:
        if (stop is not None and stop.is_set()) or (tried and time.monotonic() > until):
            break
        if sending.endpoint_id in failing:
            continue
        outcome = _try(*sending.request)
        tried.append(_Tried(sending, outcome, datetime.now(UTC), verdict(outcome, sending.attempt)))
        if tried[-1].status != "delivered":
            failing.add(sending.endpoint_id)
    if tried:
        _record(tried, failing_since)
    db.session.commit()
    return len(tried)


def _record(tried: list[_Tried], failing_since: dict[int, datetime | None]) -> None:
    """The tries logged, their deliveries' new state, and their endpoints' failing mark, in a few
    statements worked out beforehand: on SQLite intake waits while they are written."""
    attempts, deliveries = [], []
    marks = dict(failing_since)
    worn_out = []
    for each in tried:
        sending, outcome = each.sending, each.outcome
        attempts.append(
            {
                "delivery_id": sending.delivery_id,
                "at": each.at,
                "status_code": outcome.status_code,
                "error": outcome.error,
                "duration_ms": outcome.duration_ms,
                "response": outcome.response,
            }
        )
        values: dict[str, object] = {"id": sending.delivery_id, "status": each.status}
        values["attempts"] = sending.attempt
        if each.status == "pending":
            wait = RETRY_SCHEDULE[sending.attempt - 1] * current_app.config["WEBHOOK_RETRY_SCALE"]
            values["next_attempt_at"] = each.at + wait
        deliveries.append(values)
        since = marks[sending.endpoint_id]
        if each.status == "delivered":
            marks[sending.endpoint_id] = None
        elif since is None:
            marks[sending.endpoint_id] = each.at
        elif each.at - _utc(since) >= FAILING_LIMIT:
            worn_out.append(sending.endpoint_id)
        current_app.logger.info(
            "webhook tried delivery=%s endpoint=%s attempt=%s status=%s answer=%s error=%s",
            sending.delivery_id,
            sending.endpoint_id,
            sending.attempt,
            each.status,
            outcome.status_code,
            outcome.error,
        )
    db.session.execute(insert(WebhookAttempt), attempts)
    db.session.execute(update(WebhookDelivery), deliveries)
    for endpoint_id, since in marks.items():
        if since != failing_since[endpoint_id]:
            db.session.execute(
                update(WebhookEndpoint).where(WebhookEndpoint.id == endpoint_id).values(failing_since=since)
            )
    for endpoint_id in worn_out:
        endpoint = db.session.get(WebhookEndpoint, endpoint_id)
        if endpoint is not None and endpoint.enabled:
            switch_off(endpoint, "Every delivery failed for 3 days.")


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def switch_off(endpoint: WebhookEndpoint, reason: str) -> None:
    """Turns `endpoint` off, and queues each admin's e-mail of it, with the change."""
    endpoint.enabled, endpoint.disabled_reason = False, reason
    admins = db.session.scalars(
        select(StaffUser.id).where(StaffUser.role == "admin", StaffUser.disabled_at.is_(None))
    )
    detail = json.dumps({"endpoint_id": endpoint.id, "url": endpoint.url}, sort_keys=True)
    for admin_id in admins:
        db.session.add(OutboxMessage(purpose="webhook_disabled", recipient_id=admin_id, detail=detail))
    current_app.logger.warning("webhook endpoint switched off endpoint=%s", endpoint.id)


def deliver_due(stop: threading.Event, between: Callable[[], None]) -> None:
    """Delivers every due delivery, a batch at a time, until none is due or `stop` is set, calling
    `between` after each batch (the worker's heartbeat, whose commit must not come inside one: its
    rows would be another worker's to take)."""
    while not stop.is_set() and deliver_batch(stop):
        between()


def redeliver(delivery: WebhookDelivery) -> None:
    """The delivery sent again, with its webhook-id, from a first try (by the worker, at once)."""
    delivery.status, delivery.attempts, delivery.next_attempt_at = "pending", 0, datetime.now(UTC)


def purge(now: datetime) -> int:
    """The log's deliveries older than 7 days that are done with, with their tries: how many."""
    old = now - KEEP_LOG
    db.session.execute(delete(WebhookAttempt).where(WebhookAttempt.at < old))
    gone = db.session.execute(
        delete(WebhookDelivery).where(WebhookDelivery.created_at < old, WebhookDelivery.status != "pending")
    ).rowcount
    db.session.commit()
    return gone


def adopt_webhook_url() -> None:
    """WEBHOOK_URL made an endpoint (lead.created, legacy) when none is yet: migration 0034 does it
    for a deployment that had it set; this, for one that sets it later."""
    config = current_app.config
    if not config["WEBHOOK_URL"]:
        return
    if db.session.scalar(select(WebhookEndpoint.id).where(WebhookEndpoint.legacy == true()).limit(1)):
        db.session.rollback()
        return
    db.session.add(
        WebhookEndpoint(
            url=config["WEBHOOK_URL"],
            description="WEBHOOK_URL",
            events=["lead.created"],
            secret=secret_of_shared(config["WEBHOOK_SECRET"]),
            legacy=True,
        )
    )
    db.session.commit()
    current_app.logger.info("WEBHOOK_URL made a webhook endpoint")


def wanted_on_new_leads() -> bool:
    """Whether any enabled endpoint wants lead.created: the outbox's webhook channel is on."""
    wanted = bool(events.wanting("lead.created"))
    return wanted
