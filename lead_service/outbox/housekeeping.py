"""What the outbox worker does besides notifying: personal data removed once its purpose is over,
the lead owners' morning e-mails of what is due (digests.py), the team's alerts of leads past
the response target (overdue.py) and of leads left with nobody (unowned.py) queued, looked for every
few minutes. Idempotency keys go after their 24 hours, the webhooks' log after its 7 days and the
leads' change journal after its 30 days, checked hourly; with LEAD_RETENTION_DAYS set, leads and
cookie choices older than that go once a day. Each worker keeps its own schedule, from its start:
with several on PostgreSQL, a second purge finds nothing left to remove."""

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from flask import current_app

from .. import retention
from . import webhook_delivery
from .digests import queue_due
from .overdue import queue_overdue
from .unowned import queue_waiting

KEYS_EVERY = timedelta(hours=1)
PURGE_EVERY = timedelta(days=1)
DIGESTS_EVERY = timedelta(minutes=5)


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Housekeeping:
    next_keys: datetime = field(default_factory=_now)
    next_purge: datetime = field(default_factory=_now)
    next_digests: datetime = field(default_factory=_now)

    def run_due(self, now: datetime) -> None:
        """Does what is due at `now`. A database error propagates, and the chore stays due."""
        if now >= self.next_keys:
            removed, changes = retention.delete_expired_keys(now), retention.delete_old_changes(now)
            self.next_keys = now + KEYS_EVERY
            current_app.logger.info("expired request keys deleted count=%s changes=%s", removed, changes)
            current_app.logger.info("webhook log purged deliveries=%s", webhook_delivery.purge(now))
        if now >= self.next_digests:
            due, late, unowned = queue_due(now), queue_overdue(now), queue_waiting(now)
            self.next_digests = now + DIGESTS_EVERY
            if due or late or unowned:
                current_app.logger.info("reminders queued due=%s overdue=%s unowned=%s", due, late, unowned)
        days = current_app.config["LEAD_RETENTION_DAYS"]
        if days and now >= self.next_purge:
            removed = retention.purge(now - timedelta(days=days))
            self.next_purge = now + PURGE_EVERY
            current_app.logger.info(
                "retention purge older_than_days=%s %s",
                days,
                " ".join(f"{kind}={count}" for kind, count in removed.items()),
            )
