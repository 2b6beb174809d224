"""A bound on the time one message's handling may take, past which it is set aside: the parser's
own limits bound each step, and this bounds what they missed. By SIGALRM, which reaches Python's
code between two of its steps, so it is taken only on the main thread (the reader's loop runs
there); elsewhere (a test's thread) the parser's limits alone hold."""

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class TimeLimitExceeded(Exception):
    pass


def _expired(signum: int, frame: object) -> None:
    raise TimeLimitExceeded


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
