"""The erasure ledger: one JSON line per erasure, `{"address_hash": ..., "at": ...}`, appended and
synced before the erasure commits, in a file kept apart from the database (ERASURE_LEDGER_PATH,
beside the backups). A backup taken before an erasure still holds that person's leads; a restore
reads this ledger and erases them again (retention.erase_again). The hashes are keyed under
SECRET_KEY, so the ledger opens with a check of that key: under another key no address would match,
and a restore would bring back everyone silently, so it refuses instead."""

import fcntl
import hashlib
import hmac
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from flask import current_app

from .config import secret_key


class LedgerError(RuntimeError):
    pass


class Ledger(NamedTuple):
    # When each erased address (by its hash) was last erased.
    erased: dict[str, datetime]
    # Lines that are not JSON: only a crash in the middle of a write leaves one, and that erasure
    # never committed (the line comes first), so it is passed over.
    unreadable: int


def path() -> Path:
    return Path(current_app.config["ERASURE_LEDGER_PATH"])


def _key_check() -> str:
    return hmac.new(secret_key(current_app), b"erasure-ledger-key-check", hashlib.sha256).hexdigest()


def _wrong_key(where: Path) -> LedgerError:
    return LedgerError(
        f"the erasure ledger {where} was written under another SECRET_KEY: its hashes would match"
        " nobody. Run with the SECRET_KEY the ledger was written under"
    )


@contextmanager
def _locked(where: Path) -> Iterator[int]:
    """The ledger open for appending, readable by its owner only, made with its folder if need be,
    and locked against every other process that appends."""
    where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(where, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


def _write(fd: int, where: Path, lines: list[dict]) -> None:
    """Appends `lines` behind the key check (written first into an empty ledger, checked in any
    other), and syncs them to the disk, and a new ledger's name into its folder."""
    size = os.fstat(fd).st_size
    head = os.pread(fd, 4096, 0).split(b"\n", 1)[0] if size else b""
    data = ""
    if not size:
        data = json.dumps({"key_check": _key_check()}) + "\n"
    elif _first_key_check(head) != _key_check():
        raise _wrong_key(where)
    elif os.pread(fd, 1, size - 1) != b"\n":
        data = "\n"  # a line cut short by a crash stays alone on its line
    data += "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
    if data:
        os.write(fd, data.encode())
    os.fsync(fd)
    if not size:
        folder = os.open(where.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def _first_key_check(head: bytes) -> str | None:
    try:
        return json.loads(head).get("key_check")
    except (ValueError, AttributeError):
        return None


def append(address_hash: str, at: datetime) -> None:
    """Records an erasure, before its transaction commits: an erasure whose line cannot be written
    must fail, for a restore would bring that person back."""
    where = path()
    try:
        with _locked(where) as fd:
            _write(fd, where, [{"address_hash": address_hash, "at": at.isoformat()}])
    except OSError as exc:
        raise LedgerError(
            f"the erasure ledger {where} cannot be written ({exc.strerror or exc}): nothing was erased"
        ) from exc


def ensure() -> Path:
    """Starts the ledger with its key check if there is none yet, and checks the key of one there
    is: each backup does, so that wherever backups are, a ledger is, and a missing ledger at a
    restore means a lost one, never an instance that erased nobody."""
    where = path()
    try:
        with _locked(where) as fd:
            _write(fd, where, [])
    except OSError as exc:
        raise LedgerError(f"the erasure ledger {where} cannot be written ({exc.strerror or exc})") from exc
    return where


def read() -> Ledger | None:
    """The ledger's erasures, checked against SECRET_KEY; none when there is no ledger."""
    where = path()
    try:
        text = where.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LedgerError(f"the erasure ledger {where} cannot be read ({exc.strerror or exc})") from exc
    lines = text.splitlines()
    if not lines or _first_key_check(lines[0].encode()) is None:
        raise LedgerError(f"{where} does not start with an erasure ledger's key check")
    if _first_key_check(lines[0].encode()) != _key_check():
        raise _wrong_key(where)
    erased: dict[str, datetime] = {}
    unreadable = 0
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            digest, at = entry["address_hash"], datetime.fromisoformat(entry["at"]).astimezone(UTC)
        except (ValueError, KeyError, TypeError):
            unreadable += bool(line.strip())
            continue
        erased[digest] = max(at, erased.get(digest, at))
    return Ledger(erased, unreadable)
