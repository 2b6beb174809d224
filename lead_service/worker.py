"""`lead-service outbox run`: the worker process that delivers the outbox, stopped by SIGTERM or
Ctrl-C after the notification in hand."""

import fcntl
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from flask import current_app

from . import outbox
from .channels import configured
from .extensions import db


@contextmanager
def _sole_sqlite_worker() -> Iterator[None]:
    """SQLite has no SKIP LOCKED, so two workers would send the same notification twice: a lock
    file beside the database lets one run. PostgreSQL takes any number."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        yield
        return
    with Path(f"{url.database}.outbox.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise click.ClickException(
                f"another outbox worker is running on {url.database}; on SQLite, one runs at a time"
            ) from None
        yield


def run() -> None:
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    channels = configured(current_app.config)
    with _sole_sqlite_worker():
        if not channels:
            # Kept, not dropped: once a channel is configured, the worker delivers them all.
            current_app.logger.warning(
                "no notification channel is configured (SMTP_HOST, WEBHOOK_URL): leads wait in the outbox"
            )
            stop.wait()
            return
        current_app.logger.info("outbox worker started channels=%s", ",".join(c.name for c in channels))
        outbox.work(channels, stop)
        current_app.logger.info("outbox worker stopped")
