"""`lead-service mailbox run`: the process that reads the sales mailbox every IMAP_POLL_SECONDS,
apart from the outbox worker, so that no notification waits on a slow or hostile mailbox and no
read waits on a delivery. It beats (outbox/heartbeat.py, under its own name) between two messages
and while it waits, so that `lead-service mailbox health` tells a live reader from a stuck one,
and stops on SIGTERM or Ctrl-C after the message in hand. With METRICS_BIND set, it serves its own
metrics (the messages it read, filed and set aside)."""

import imaplib
import signal
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

from flask import current_app
from sqlalchemy.exc import SQLAlchemyError

from .. import metrics
from ..extensions import db
from ..outbox.heartbeat import MAILBOX, Heartbeat
from .reader import read_mailbox

# How often the reader beats while it waits for the next read.
TICK_SECONDS = 1.0


class Stopped(Exception):
    """Asked to stop in the middle of a read: the place of the last message handled is kept."""


def read_once(now: datetime, beat: Callable[[], None]) -> None:
    """One read. A mailbox or database that is away, or refuses the sign-in, is tried again at the
    next poll; anything else is a fault of this code, logged, and the loop goes on."""
    try:
        done = read_mailbox(now, beat)
    except Stopped:
        return
    except (imaplib.IMAP4.error, OSError) as exc:
        current_app.logger.warning("sales mailbox not read error=%s", type(exc).__name__)
    except SQLAlchemyError as exc:
        db.session.rollback()
        current_app.logger.warning("mailbox reader waits for the database error=%s", type(exc).__name__)
    except Exception as exc:
        db.session.rollback()
        current_app.logger.exception("sales mailbox read failed error=%s", type(exc).__name__)
    else:
        if done and (done.filed or done.set_aside):
            current_app.logger.info(
                "sales mailbox read messages=%s filed=%s set_aside=%s", done.read, done.filed, done.set_aside
            )


def _beat(heartbeat: Heartbeat) -> None:
    try:
        heartbeat.beat()
    except SQLAlchemyError as exc:
        db.session.rollback()
        current_app.logger.warning("mailbox reader waits for the database error=%s", type(exc).__name__)


def run() -> None:
    config = current_app.config
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if config["METRICS_BIND"]:
        metrics.serve(config["METRICS_BIND"])
    heartbeat = Heartbeat(TICK_SECONDS * 2, name=MAILBOX)

    def beat() -> None:
        """Between two messages: the reader is alive, and stops here when asked to."""
        _beat(heartbeat)
        if stop.is_set():
            raise Stopped

    poll = config["IMAP_POLL_SECONDS"]
    if not config["IMAP_HOST"]:
        # Beating all the same, as the outbox worker does without a channel: healthy, idle.
        current_app.logger.warning("no sales mailbox is configured (IMAP_HOST): leads' answers are not read")
    current_app.logger.info("mailbox reader started folder=%s every_seconds=%g", config["IMAP_FOLDER"], poll)
    next_read = time.monotonic()
    while not stop.is_set():
        _beat(heartbeat)
        if config["IMAP_HOST"] and time.monotonic() >= next_read:
            next_read = time.monotonic() + poll
            read_once(datetime.now(UTC), beat)
        stop.wait(TICK_SECONDS)
    db.session.remove()
    current_app.logger.info("mailbox reader stopped")
