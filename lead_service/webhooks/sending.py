"""One POST of a delivery, to the address addresses.py checked, with the URL's host as the Host
header and TLS server name; no redirect followed. The receiver is anyone's: the whole try is
bounded in time, and only the start of its answer is read."""

import time
from dataclasses import dataclass

import urllib3

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


def post(target: Target, headers: dict[str, str], body: bytes, timeout: float) -> Outcome:
    started = time.monotonic()
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
        status, error, start = None, type(exc).__name__, b""
    finally:
        pool.close()
    elapsed = int((time.monotonic() - started) * 1000)
    return Outcome(status, error, elapsed, start.decode("utf-8", "replace")[:KEPT_CHARACTERS])
