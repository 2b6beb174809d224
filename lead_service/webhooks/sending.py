"""One POST of a delivery, to the address addresses.py checked, with the URL's host as the Host
header and TLS server name; no redirect followed. The receiver is anyone's: the whole try is
bounded in time, and only the start of its answer is read."""

import contextlib
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


class _Deadline:
    """Cuts the try's socket when its time is up, wherever the try is. urllib3's timeouts bound each
    read of the socket, not their sum: a receiver that trickled its handshake, status line or
    headers a byte at a time, each just inside the timeout, would hold the worker for hours."""

    def __init__(self, seconds: float):
        self.at = time.monotonic() + seconds
        self.cut = False
        self._timer: threading.Timer | None = None

    def watch(self, sock: socket.socket) -> None:
        self._timer = threading.Timer(max(0.0, self.at - time.monotonic()), self._cut, (sock,))
        self._timer.daemon = True
        self._timer.start()

    def _cut(self, sock: socket.socket) -> None:
        self.cut = True
        # The blocked read returns at once; closing stays urllib3's. Closed already: the try ended.
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    def cancel(self) -> None:
        if self._timer:
            self._timer.cancel()


def _watched(connection: type[HTTPConnection], deadline: _Deadline) -> type[HTTPConnection]:
    """The pool's connection class, its TCP socket watched from the moment it connects (the TLS
    handshake included)."""

    class Watched(connection):  # type: ignore[valid-type, misc]
        def _new_conn(self) -> socket.socket:
            sock = super()._new_conn()
            deadline.watch(sock)
            return sock

    return Watched


def post(target: Target, headers: dict[str, str], body: bytes, timeout: float) -> Outcome:
    started = time.monotonic()
    deadline = _Deadline(timeout)
    limit = urllib3.Timeout(connect=timeout, read=timeout)
    options: dict[str, object] = {"timeout": limit, "retries": False, "maxsize": 1}
    if target.scheme == "https":
        pool: urllib3.HTTPConnectionPool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
            **options,
        )
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, **options)
    pool.ConnectionCls = _watched(HTTPSConnection if target.scheme == "https" else HTTPConnection, deadline)
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
        deadline.cancel()
        pool.close()
    elapsed = int((time.monotonic() - started) * 1000)
    return Outcome(status, error, elapsed, start.decode("utf-8", "replace")[:KEPT_CHARACTERS])
