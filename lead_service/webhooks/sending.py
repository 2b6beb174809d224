"""One POST of a delivery, to the address addresses.py checked, with the URL's host as the Host
header and TLS server name; no redirect followed. The receiver is anyone's: the whole try is
bounded in time, and only the start of its answer is read."""

import contextlib
import heapq
import itertools
import os
import socket
import threading
import time
from dataclasses import dataclass

import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection

from .addresses import Target

# What an attempt keeps of the answer: its first characters, from at most this many bytes.
KEPT_CHARACTERS = 500
READ_BYTES = 2048


@dataclass(frozen=True)
class Outcome:
    status_code: int | None  # none when no answer came
    error: str | None
    duration_ms: int
    response: str


class _Watchdog:
    """Cuts a try's socket when its time is up, wherever the try is. urllib3's timeouts bound each
    read of the socket, not their sum: a receiver that trickled its handshake, status line or
    headers a byte at a time, each just inside the timeout, would hold the worker for hours. One
    thread watches every try, started with the first: a thread of its own per try cost a fan-out's
    worker more time than the try."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._watched: list[tuple[float, int, _Deadline, socket.socket]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, deadline: "_Deadline", sock: socket.socket) -> None:
        with self._changed:
            heapq.heappush(self._watched, (deadline.at, next(self._order), deadline, sock))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="webhook-watchdog", daemon=True)
                self._thread.start()
            self._changed.notify()

    def end(self, deadline: "_Deadline") -> None:
        with self._changed:
            deadline.ended = True

    def _run(self) -> None:
        with self._changed:
            while True:
                now = time.monotonic()
                while self._watched and (self._watched[0][2].ended or self._watched[0][0] <= now):
                    _, _, deadline, sock = heapq.heappop(self._watched)
                    if not deadline.ended:
                        deadline.cut = True
                        # The blocked read returns at once; closing stays urllib3's.
                        with contextlib.suppress(OSError):
                            sock.shutdown(socket.SHUT_RDWR)
                self._changed.wait(self._watched[0][0] - now if self._watched else None)


_WATCHDOG = _Watchdog()
# A process forked while the thread held its lock would wait on it for ever: the child starts afresh.
os.register_at_fork(after_in_child=_WATCHDOG.__init__)


class _Deadline:
    def __init__(self, seconds: float):
        self.at = time.monotonic() + seconds
        self.cut = False
        self.ended = False


class _Watched:
    """A pool's connection, its TCP socket watched from the moment it connects (the TLS handshake
    included) until its try's deadline."""

    def __init__(self, *args: object, deadline: _Deadline, **options: object):
        super().__init__(*args, **options)
        self._deadline = deadline

    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()  # type: ignore[misc]
        _WATCHDOG.watch(self._deadline, sock)
        return sock


class _WatchedHTTP(_Watched, HTTPConnection):
    pass


class _WatchedHTTPS(_Watched, HTTPSConnection):
    pass


class _Pool(urllib3.HTTPConnectionPool):
    ConnectionCls = _WatchedHTTP


class _TLSPool(urllib3.HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPS


def post(target: Target, headers: dict[str, str], body: bytes, timeout: float) -> Outcome:
    started = time.monotonic()
    deadline = _Deadline(timeout)
    limit = urllib3.Timeout(connect=timeout, read=timeout)
    options: dict[str, object] = {"timeout": limit, "retries": False, "maxsize": 1, "deadline": deadline}
    if target.scheme == "https":
        pool: urllib3.HTTPConnectionPool = _TLSPool(
            target.address,
            target.port,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
            **options,
        )
    else:
        pool = _Pool(target.address, target.port, **options)
    default_port = 443 if target.scheme == "https" else 80
    host = target.host if ":" not in target.host else f"[{target.host}]"
    headers = {"Host": host if target.port == default_port else f"{host}:{target.port}", **headers}
    try:
        response = pool.urlopen(
            "POST", target.path, body=body, headers=headers, redirect=False, preload_content=False
        )
        try:
            # One read of what has come: a receiver that trickles its answer waits for nobody.
            start = response.read1(READ_BYTES) if response.status else b""
        except (urllib3.exceptions.HTTPError, OSError):
            start = b""
        status: int | None = response.status
        error = None
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        status, error, start = None, "TimeoutError" if deadline.cut else type(exc).__name__, b""
    finally:
        _WATCHDOG.end(deadline)
        pool.close()
    elapsed = int((time.monotonic() - started) * 1000)
    return Outcome(status, error, elapsed, start.decode("utf-8", "replace")[:KEPT_CHARACTERS])
