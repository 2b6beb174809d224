"""A read run alongside the request's own, on another thread with its own database session: the
list's first page and its counts per form are independent reads of about the same cost, so the
answer waits for the longer of the two instead of their sum."""

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from flask import current_app

from ...extensions import db

T = TypeVar("T")

# Per process, its threads started on first use (after gunicorn's fork): one per request thread.
_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="inbox-read")


def alongside(read: Callable[[], T]) -> Future[T]:
    """Starts `read` in an app context of its own (so a session and connection of its own), ending
    its transaction when done. Its result, or its exception, comes from the future."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def run() -> T:
        with app.app_context():
            try:
                return read()
            finally:
                db.session.rollback()

    return _POOL.submit(run)
