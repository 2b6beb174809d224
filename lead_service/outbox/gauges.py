"""The outbox's state as Prometheus gauges, read from the database at each scrape: what waits and
since when, what died, and how long ago a worker last beat. Served by gunicorn's own process, so a
stuck worker's silence shows even while its own metrics endpoint still answers."""

from collections.abc import Iterator
from datetime import UTC, datetime

from flask import Flask
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select, true
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..models.leads import Lead, OutboxMessage, as_utc
from . import heartbeat

# Every purpose the outbox knows (models.leads.OutboxMessage.purpose): each is reported, 0 when
# none waits, so that an alert on a sum never meets a missing series.
PURPOSES = (
    "new_lead",
    "assigned",
    "security",
    "reply",
    "reply_received",
    "due",
    "overdue",
    "unowned",
    "check",
)


class OutboxState(Collector):
    def __init__(self, app: Flask) -> None:
        self.app = app

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("lead_database_up", "1 when the database answered this scrape's queries.")
        try:
            with self.app.app_context():
                counts = db.session.execute(
                    select(OutboxMessage.status, OutboxMessage.purpose, func.count())
                    .where(OutboxMessage.status.in_(("pending", "dead")))
                    .group_by(OutboxMessage.status, OutboxMessage.purpose)
                ).all()
                oldest = db.session.scalar(
                    select(func.min(OutboxMessage.created_at)).where(OutboxMessage.status == "pending")
                )
                awaiting = db.session.scalar(
                    select(func.count()).select_from(Lead).where(Lead.awaiting_rules == true())
                )
                beat = heartbeat.newest()
                db.session.remove()
        except SQLAlchemyError:
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        now = datetime.now(UTC)
        for status, name, text in (
            ("pending", "outbox_pending", "Outbox messages waiting to be sent, by purpose."),
            (
                "dead",
                "outbox_dead",
                "Outbox messages out of tries (`lead-service outbox retry`), by purpose.",
            ),
        ):
            gauge = GaugeMetricFamily(name, text, labels=["purpose"])
            found = {purpose: count for row_status, purpose, count in counts if row_status == status}
            for purpose in sorted(set(PURPOSES) | set(found)):
                gauge.add_metric([purpose], found.get(purpose, 0))
            yield gauge
        yield GaugeMetricFamily(
            "outbox_oldest_pending_age_seconds",
            "Age of the oldest message waiting to be sent (0 when none waits).",
            value=(now - as_utc(oldest)).total_seconds() if oldest else 0,
        )
        yield GaugeMetricFamily(
            "leads_awaiting_rules",
            "Leads waiting for the outbox worker to place them by the assignment rules.",
            value=awaiting,
        )
        if beat.age_seconds is not None:
            yield GaugeMetricFamily(
                "outbox_worker_heartbeat_age_seconds",
                "Time since an outbox worker last beat (the newest of all workers').",
                value=beat.age_seconds,
            )
