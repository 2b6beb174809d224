"""`lead-service backup run`: a backup every BACKUP_INTERVAL_HOURS until SIGTERM or Ctrl-C (as the
outbox worker stops), and `backup check`, its container's health check: the newest backup no older
than two intervals, and the erasure ledger there, under this SECRET_KEY and as it was written. Both
read a backup's age from its file's time (files.py says why)."""

import signal
import threading
import time
from datetime import UTC, datetime, timedelta

from flask import current_app

from ..extensions import db
from ..retention import erasure_ledger
from . import BackupError, files
from .create import create

# After a failed backup, the next try comes this soon (or at the interval, if that is sooner).
RETRY = timedelta(minutes=15)


def _interval() -> timedelta:
    return timedelta(hours=current_app.config["BACKUP_INTERVAL_HOURS"])


def _first_wait(now: datetime) -> timedelta:
    """At once, unless a backup younger than the interval is there: then when it falls due, so that
    a container restarting over and over does not fill the folder and push the older backups out.
    At once too, with an error, when the newest is dated ahead of the clock: waiting for that time
    would take no backup until then."""
    try:
        newest = files.newest(files.folder(), now)
    except BackupError as exc:
        current_app.logger.error("backup due at once error=%s", exc)
        return timedelta(0)
    if newest is None:
        return timedelta(0)
    return max(timedelta(0), files.taken_at(newest) + _interval() - now)


def run() -> None:
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    logger, interval = current_app.logger, _interval()
    wait = _first_wait(datetime.now(UTC))
    logger.info(
        "backup schedule started every_hours=%s first_in_seconds=%.0f",
        current_app.config["BACKUP_INTERVAL_HOURS"],
        wait.total_seconds(),
    )
    while not stop.wait(wait.total_seconds()):
        began = time.monotonic()
        try:
            receipt = create(current_app.config["BACKUP_KEEP"])
        except (BackupError, erasure_ledger.LedgerError, OSError) as exc:
            logger.error("backup failed error=%s", exc)
            wait = min(RETRY, interval)
        except Exception as exc:
            # A database away, or a fault of this code: logged, and tried again, rather than stop
            # taking backups.
            logger.exception("backup failed error=%s", type(exc).__name__)
            wait = min(RETRY, interval)
        else:
            logger.info(
                "backup written file=%s bytes=%d leads=%d seconds=%.1f removed=%d",
                receipt.path.name,
                receipt.size,
                receipt.leads,
                receipt.seconds,
                len(receipt.removed),
            )
            wait = max(timedelta(0), interval - timedelta(seconds=time.monotonic() - began))
        finally:
            db.session.remove()
    logger.info("backup schedule stopped")


def check(now: datetime) -> str:
    """What `backup check` says when the newest backup, by its file's time, is recent enough and
    the ledger is there, under this SECRET_KEY and unchanged; BackupError (or the ledger's
    LedgerError) when not, a backup dated ahead of the clock included."""
    newest, limit = files.newest(files.folder(), now), 2 * _interval()
    if newest is None:
        raise BackupError(f"there is no backup in {files.folder()}")
    # Within the clocks' skew a backup may be a moment ahead: it is new, not of a negative age.
    hours = max(timedelta(0), now - files.taken_at(newest)) / timedelta(hours=1)
    if hours > limit / timedelta(hours=1):
        raise BackupError(
            f"the newest backup, {newest.name}, is {hours:.1f} h old: over twice BACKUP_INTERVAL_HOURS"
        )
    if erasure_ledger.read() is None:
        raise BackupError(f"there is no erasure ledger at {erasure_ledger.path()}")
    return f"the newest backup, {newest.name}, is {hours:.1f} h old"
