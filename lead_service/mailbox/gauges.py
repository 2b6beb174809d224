"""The sales mailbox's reading as Prometheus gauges, read from the database at each scrape of the
public lead service (server/exposition.py), so that a reader that is stuck, or gone, shows while its own
metrics endpoint says nothing: when a read last went through every message, how long the oldest
message a read found has waited to be handled, the messages set aside that nobody has filed or
dismissed, and how long ago the newest reader beat."""

from collections.abc import Iterator
from datetime import UTC, datetime

from flask import Flask
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..models.conversation import MailboxRead, SetAsideMessage
from ..models.leads import as_utc
from ..outbox import heartbeat


class MailboxState(Collector):
    def __init__(self, app: Flask) -> None:
        self.app = app

    def collect(self) -> Iterator[Metric]:
        try:
            with self.app.app_context():
                read_at, oldest = db.session.execute(
                    select(func.max(MailboxRead.read_at), func.min(MailboxRead.oldest_unread_at))
                ).one()
                waiting = db.session.scalar(select(func.count()).where(SetAsideMessage.resolved_at.is_(None)))
                beat = heartbeat.newest(readers=True)
                db.session.remove()
        except SQLAlchemyError:
            return  # lead_database_up (outbox/gauges.py) says so
        now = datetime.now(UTC)
        if read_at is not None:
            yield GaugeMetricFamily(
                "mailbox_last_read_age_seconds",
                "Time since a read of the sales mailbox last went through every new message.",
                value=(now - as_utc(read_at)).total_seconds(),
            )
        yield GaugeMetricFamily(
            "mailbox_oldest_unread_age_seconds",
            "How long the oldest message a read found has waited to be handled (0 when none waits).",
            value=max((now - as_utc(oldest)).total_seconds(), 0) if oldest else 0,
        )
        yield GaugeMetricFamily(
            "mailbox_set_aside_waiting",
            "Messages answering a lead that could not be filed, neither filed by hand nor dismissed yet.",
            value=waiting or 0,
        )
        if beat.age_seconds is not None:
            yield GaugeMetricFamily(
                "mailbox_reader_heartbeat_age_seconds",
                "Time since a mailbox reader last beat (the newest of all readers').",
                value=beat.age_seconds,
            )
