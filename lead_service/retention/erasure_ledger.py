"""The erasure ledger: one JSON line per erasure, `{"address_hash": ..., "at": ..., "mac": ...}`,
appended and synced before the erasure commits, in a file kept apart from the database
(ERASURE_LEDGER_PATH). A backup taken before an erasure still holds that person's leads; a restore
reads this ledger and erases them again (retention.erase_again).

The hashes are keyed under SECRET_KEY, so the ledger opens with a check of that key: under another
key no address would match, and a restore would bring back everyone silently, so it refuses instead.

Each line carries a MAC under a key of its own, derived from SECRET_KEY, and each MAC covers the line
before it (the key check, for the first): a line changed, added by hand, moved, or taken out from
between two others no longer matches, and every reading (a restore, `backup check`, the next
erasure) refuses the ledger, naming the line. What no MAC can show is a ledger cut short at its end,
or put back to an older copy of itself: keep it, and its copies, where only the services that erase
write.

The ledger's first line says its format, `"version": 2`. A ledger written before lines carried a
MAC (a key check and no version) is refused like an edited one, for its lines could have been
edited unseen: `lead-service backup sign-ledger` signs it once, as it stands, after the upgrade that
brought the MACs. The service never signs such a ledger by itself: someone who could write to it
would otherwise edit a signed ledger, strip its MACs, and have the next erasure sign it again."""

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

from ..config import secret_key

VERSION = 2


class LedgerError(RuntimeError):
    pass


class Ledger(NamedTuple):
    # When each erased address (by its hash) was last erased.
    erased: dict[str, datetime]
    # Lines that are not JSON: only a crash in the middle of a write leaves one, and that erasure
    # never committed (the line comes first), so it is passed over.
    unreadable: int


class _Read(NamedTuple):
    ledger: Ledger
    # The last line's MAC, which the next line's covers.
    last_mac: str


def path() -> Path:
    return Path(current_app.config["ERASURE_LEDGER_PATH"])


def _key_check() -> str:
    return hmac.new(secret_key(current_app), b"erasure-ledger-key-check", hashlib.sha256).hexdigest()


def _mac(previous: str, address_hash: str, at: str) -> str:
    # A key of the lines' own: a MAC made for something else under SECRET_KEY is never a line's.
    key = hmac.new(secret_key(current_app), b"erasure-ledger-line", hashlib.sha256).digest()
    message = json.dumps([previous, address_hash, at]).encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _wrong_key(where: Path) -> LedgerError:
    return LedgerError(
        f"the erasure ledger {where} was written under another SECRET_KEY: its hashes would match"
        " nobody. Run with the SECRET_KEY the ledger was written under"
    )


def _edited(where: Path, number: int, why: str) -> LedgerError:
    return LedgerError(
        f"line {number} of the erasure ledger {where} {why}: the ledger has been edited since the"
        " service wrote it, and a restore from it could bring back someone erased. Put the ledger back"
        " from a copy kept with the backups"
    )


def _head(line: str) -> dict:
    try:
        head = json.loads(line)
    except ValueError:
        return {}
    return head if isinstance(head, dict) else {}


def _verified(text: str, where: Path) -> _Read:
    """The ledger in `text`, every line checked against its MAC; LedgerError at the first that
    fails, or when the ledger is under another key or of another format."""
    lines = text.splitlines()
    head = _head(lines[0]) if lines else {}
    if "key_check" not in head:
        raise LedgerError(f"{where} does not start with an erasure ledger's key check")
    if head["key_check"] != _key_check():
        raise _wrong_key(where)
    if "version" not in head:
        raise LedgerError(
            f"the erasure ledger {where} was written before its lines carried a MAC, so an edit of it"
            " would not show. If it is the ledger as the service wrote it, sign it once with"
            " `lead-service backup sign-ledger`"
        )
    if head["version"] != VERSION:
        raise LedgerError(f"the erasure ledger {where} is of format {head['version']}, not {VERSION}")
    erased: dict[str, datetime] = {}
    unreadable, previous = 0, head["key_check"]
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
        except ValueError:
            unreadable += bool(line.strip())
            continue
        if not isinstance(entry, dict) or "mac" not in entry:
            raise _edited(where, number, "carries no MAC: it was not written by an erasure")
        digest, at, mac = entry.get("address_hash"), entry.get("at"), entry["mac"]
        if not (isinstance(digest, str) and isinstance(at, str) and isinstance(mac, str)):
            raise _edited(where, number, "is not an erasure's line")
        if not hmac.compare_digest(mac, _mac(previous, digest, at)):
            raise _edited(
                where,
                number,
                "does not match its MAC under this SECRET_KEY: it was changed or moved, or a line"
                " before it was taken out",
            )
        previous = mac
        when = datetime.fromisoformat(at).astimezone(UTC)
        erased[digest] = max(when, erased.get(digest, when))
    return _Read(Ledger(erased, unreadable), previous)


def _lines(previous: str, erasures: list[tuple[str, str]]) -> str:
    """Each erasure (its address's hash, its time) as a line, its MAC covering the line before."""
    text = ""
    for digest, at in erasures:
        previous = _mac(previous, digest, at)
        text += json.dumps({"address_hash": digest, "at": at, "mac": previous}, sort_keys=True) + "\n"
    return text


def _head_line() -> str:
    return json.dumps({"key_check": _key_check(), "version": VERSION}) + "\n"


def _sync_folder(where: Path) -> None:
    folder = os.open(where.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def _same_file(fd: int, where: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(where))
    except FileNotFoundError:
        return False


@contextmanager
def _locked(where: Path) -> Iterator[int]:
    """The ledger open for appending, readable by its owner only, made with its folder if need be,
    and locked against every other process that writes it."""
    where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    while True:
        fd = os.open(where, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            # `backup sign-ledger` puts a new file in the old one's place: a process that waited
            # for the old one's lock opens the new one.
            if _same_file(fd, where):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield fd
    finally:
        os.close(fd)


def _contents(fd: int) -> str:
    return os.pread(fd, os.fstat(fd).st_size, 0).decode("utf-8", errors="replace")


def _write(fd: int, where: Path, erasures: list[tuple[str, str]]) -> None:
    """Appends `erasures` behind the key check (written first into an empty ledger; in any other,
    the key and every line checked), and syncs them to the disk, and a new ledger's name into its
    folder."""
    text = _contents(fd)
    if not text:
        data = _head_line() + _lines(_key_check(), erasures)
    else:
        # A line cut short by a crash stays alone on its line.
        data = ("" if text.endswith("\n") else "\n") + _lines(_verified(text, where).last_mac, erasures)
    if data:
        os.write(fd, data.encode())
    os.fsync(fd)
    if not text:
        _sync_folder(where)


def append(address_hash: str, at: datetime) -> None:
    """Records an erasure, before its transaction commits: an erasure whose line cannot be written
    must fail, for a restore would bring that person back."""
    where = path()
    try:
        with _locked(where) as fd:
            _write(fd, where, [(address_hash, at.isoformat())])
    except OSError as exc:
        raise LedgerError(
            f"the erasure ledger {where} cannot be written ({exc.strerror or exc}): nothing was erased"
        ) from exc


def ensure() -> Path:
    """Starts the ledger with its key check if there is none yet, and checks the key, and every line,
    of one there is: each backup does, so that wherever backups are, a ledger is, and a missing
    ledger at a restore means a lost one, never an instance that erased nobody."""
    where = path()
    try:
        with _locked(where) as fd:
            _write(fd, where, [])
    except OSError as exc:
        raise LedgerError(f"the erasure ledger {where} cannot be written ({exc.strerror or exc})") from exc
    return where


def read() -> Ledger | None:
    """The ledger's erasures, checked against SECRET_KEY and line by line against their MACs; none
    when there is no ledger."""
    where = path()
    try:
        text = where.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LedgerError(f"the erasure ledger {where} cannot be read ({exc.strerror or exc})") from exc
    return _verified(text, where).ledger


def sign() -> int:
    """Signs a ledger written before lines carried a MAC, as it stands, into a new file put in its
    place: how many erasures it holds. Lines cut short by a crash are left out, as they never
    erased anyone. A ledger signed already, under another key, or none, is refused."""
    where = path()
    if not where.is_file():
        raise LedgerError(f"there is no erasure ledger at {where} to sign")
    try:
        with _locked(where) as fd:
            text = _contents(fd)
            lines = text.splitlines()
            head = _head(lines[0]) if lines else {}
            if "version" in head or head.get("key_check") != _key_check():
                _verified(text, where)  # its word on why, when it is not a ledger of this key
                raise LedgerError(f"the erasure ledger {where} is signed already: nothing to sign")
            erasures = []
            for line in lines[1:]:
                try:
                    entry = json.loads(line)
                    datetime.fromisoformat(entry["at"])
                    erasures.append((str(entry["address_hash"]), entry["at"]))
                except (ValueError, KeyError, TypeError):
                    continue
            draft = where.with_name(f".{where.name}.signing")
            with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
                file.write(_head_line() + _lines(_key_check(), erasures))
                file.flush()
                os.fsync(file.fileno())
            os.replace(draft, where)
            _sync_folder(where)
    except OSError as exc:
        raise LedgerError(f"the erasure ledger {where} cannot be signed ({exc.strerror or exc})") from exc
    return len(erasures)
