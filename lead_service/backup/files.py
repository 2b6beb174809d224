"""The backup files in BACKUP_DIR: named by the UTC time they were taken, written under a temporary
name and given theirs only once whole and synced, readable by their owner only; the newest
BACKUP_KEEP kept. Only files of that naming are ever counted or removed: anything else an operator
keeps in the folder (the erasure ledger, where it shares the folder) is left alone.

A backup's age is its file's modification time, never its name: a name is only what someone wrote,
and one file named for a time to come would stop the schedule until then and pass the health check
all the while. A file's time may be wrong too (a copy stamped by another host's clock, a `touch`),
so a time further ahead of this host's clock than SKEW is refused, by name and time, rather than
believed or quietly passed over."""

import os
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from flask import current_app

from . import BackupError

STAMP = "%Y%m%dT%H%M%SZ"
EXTENSIONS = {"sqlite": "sqlite3", "postgresql": "dump"}
NAME = re.compile(r"leads-(?P<stamp>\d{8}T\d{6}Z)\.(?:sqlite3|dump)")
# How far a file's time may run ahead of this host's clock: two hosts' clocks a little apart, or
# one stepped back by NTP, are no fault of the file's.
SKEW = timedelta(minutes=5)


def folder() -> Path:
    return Path(current_app.config["BACKUP_DIR"])


def name(taken_at: datetime, database: str) -> str:
    return f"leads-{taken_at.astimezone(UTC):{STAMP}}.{EXTENSIONS[database]}"


def taken_at(path: Path) -> datetime:
    """When a backup was taken, as far as the schedule, the check and the pruning go: its file's
    modification time, that of its last byte written."""
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def named_at(path: Path) -> datetime:
    """When a backup's name says it was taken, or, renamed, its file's time: what a restore reports
    to the operator who chose it by that name, since a copy off the host and back keeps the name and
    seldom the time."""
    match = NAME.fullmatch(path.name)
    if match:
        return datetime.strptime(match["stamp"], STAMP).replace(tzinfo=UTC)
    return taken_at(path)


def backups(where: Path) -> list[Path]:
    """The backups in `where`, oldest first by their files' times (by name between equal times)."""
    if not where.is_dir():
        return []
    found = (path for path in where.iterdir() if NAME.fullmatch(path.name) and path.is_file())
    return sorted(found, key=lambda path: (path.stat().st_mtime_ns, path.name))


def _ahead(path: Path, now: datetime) -> bool:
    return taken_at(path) > now + SKEW


def newest(where: Path, now: datetime) -> Path | None:
    """The newest backup in `where`, none when there is none; BackupError when its time has not
    come yet by this host's clock, for no age can be read from it."""
    kept = backups(where)
    if not kept:
        return None
    if _ahead(kept[-1], now):
        raise BackupError(
            f"the newest backup, {kept[-1]}, is dated {taken_at(kept[-1]):%Y-%m-%d %H:%M:%S} UTC, a"
            f" time this host's clock ({now.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC) has not reached:"
            " it says nothing of when a backup was last taken. Set the file's time right"
            " (touch it), or move it out of the folder"
        )
    return kept[-1]


def _fsync(where: Path) -> None:
    """A file's bytes, or a folder's names, to the disk."""
    fd = os.open(where, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def writing(final: Path) -> Iterator[Path]:
    """An empty file, readable by its owner only, under a temporary name beside `final`, for the
    block to write the backup into; then synced and linked to `final`'s name (which never replaces a
    file), so that no backup under that naming is ever half written. Removed if the block fails."""
    final.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    draft = final.with_name(f".{final.name}.{secrets.token_hex(4)}.partial")
    os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        yield draft
        _fsync(draft)
        try:
            os.link(draft, final)
        except FileExistsError:
            raise BackupError(f"{final} exists already: one backup a second") from None
        _fsync(final.parent)
    finally:
        draft.unlink(missing_ok=True)


def prune(where: Path, keep: int, now: datetime) -> list[Path]:
    """Removes all but the newest `keep` backups: those removed. A backup dated ahead of the clock
    is neither counted nor removed: counted, it would push out a real backup at every run and stay
    the newest for good; removed, it would be gone before anyone read `backup check`'s word on it."""
    removed = [path for path in backups(where) if not _ahead(path, now)][:-keep]
    for path in removed:
        path.unlink(missing_ok=True)
    if removed:
        _fsync(where)
    return removed
