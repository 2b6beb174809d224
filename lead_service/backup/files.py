"""The backup files in BACKUP_DIR: named by the UTC time they were taken, written under a temporary
name and given theirs only once whole and synced, readable by their owner only; the newest
BACKUP_KEEP kept. Only files of that naming are ever counted or removed: anything else an operator
keeps in the folder (the erasure ledger above all) is left alone."""

import os
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from flask import current_app

from . import BackupError

STAMP = "%Y%m%dT%H%M%SZ"
EXTENSIONS = {"sqlite": "sqlite3", "postgresql": "dump"}
NAME = re.compile(r"leads-(?P<stamp>\d{8}T\d{6}Z)\.(?:sqlite3|dump)")


def folder() -> Path:
    return Path(current_app.config["BACKUP_DIR"])


def name(taken_at: datetime, database: str) -> str:
    return f"leads-{taken_at.astimezone(UTC):{STAMP}}.{EXTENSIONS[database]}"


def taken_at(path: Path) -> datetime:
    """When a backup was taken: its name says, or, renamed, its file's time does."""
    match = NAME.fullmatch(path.name)
    if match:
        return datetime.strptime(match["stamp"], STAMP).replace(tzinfo=UTC)
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def backups(where: Path) -> list[Path]:
    """The backups in `where`, oldest first (their names sort by time)."""
    if not where.is_dir():
        return []
    return sorted(path for path in where.iterdir() if NAME.fullmatch(path.name) and path.is_file())


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


def prune(where: Path, keep: int) -> list[Path]:
    """Removes all but the newest `keep` backups: those removed."""
    removed = backups(where)[:-keep]
    for path in removed:
        path.unlink(missing_ok=True)
    if removed:
        _fsync(where)
    return removed
