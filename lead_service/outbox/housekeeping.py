"""What the outbox worker does besides notifying: personal data removed once its purpose is over,
the lead owners' morning e-mails of what is due (digests.py) and the team's alerts of leads past
the response target (overdue.py) queued, looked for every few minutes, and, with IMAP_HOST set,
the leads' answers read from the sales mailbox every IMAP_POLL_SECONDS (mailbox.py). Idempotency
keys go after their 24 hours, checked hourly; with LEAD_RETENTION_DAYS set, leads and cookie
choices older than that go once a day. Each worker keeps its own schedule, from its start: with
several on PostgreSQL, a second purge finds nothing left to remove."""

import imaplib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from flask import current_app

from .. import retention
from .digests import queue_due
from .mailbox import read_mailbox
from .overdue import queue_overdue

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
    next_mail: datetime = field(default_factory=_now)

    def run_due(self, now: datetime) -> None:
        """Does what is due at `now`. A database error propagates, and the chore stays due."""
        if now >= self.next_keys:
            removed = retention.delete_expired_keys(now)
            self.next_keys = now + KEYS_EVERY
            current_app.logger.info("expired request keys deleted count=%s", removed)
        if now >= self.next_digests:
            due, late = queue_due(now), queue_overdue(now)
            self.next_digests = now + DIGESTS_EVERY
            if due or late:
                current_app.logger.info("reminders queued due=%s overdue=%s", due, late)
        if current_app.config["IMAP_HOST"] and now >= self.next_mail:
            self.next_mail = now + timedelta(seconds=current_app.config["IMAP_POLL_SECONDS"])
            self._read_mail(now)
        days = current_app.config["LEAD_RETENTION_DAYS"]
        if days and now >= self.next_purge:
            removed = retention.purge(now - timedelta(days=days))
            self.next_purge = now + PURGE_EVERY
            current_app.logger.info(
                "retention purge older_than_days=%s %s",
                days,
                " ".join(f"{kind}={count}" for kind, count in removed.items()),
            )

    def _read_mail(self, now: datetime) -> None:
        """A mailbox that is away or refuses the sign-in is tried again at the next poll, not at
        each of the loop's turns."""
        try:
            filed = read_mailbox(now)
        except (imaplib.IMAP4.error, OSError) as exc:
            current_app.logger.warning("sales mailbox not read error=%s", type(exc).__name__)
            return
        if filed:
            current_app.logger.info("answers filed from the sales mailbox count=%s", filed)
