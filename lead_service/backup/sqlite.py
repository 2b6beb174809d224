"""SQLite's part: its online backup API copies the live database page by page, in one step, so the
copy is the database as one read saw it while writers go on (WAL), and a restore copies a backup
into the target file the same way."""

import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy.engine import URL

from . import BackupError

# The first bytes of every SQLite database file.
MAGIC = b"SQLite format 3\x00"


def database_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError("DATABASE_URL names no SQLite file to back up or restore into")
    return Path(url.database)


def dump(live: Path, copy: Path) -> int:
    """Copies the database at `live` into the empty file `copy`: how many leads it holds."""
    if not live.is_file():
        raise BackupError(f"there is no database at {live} to back up")
    with closing(sqlite3.connect(live, timeout=15)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
        # Out of WAL mode, so the backup is one file, whole by itself, that opens read-only.
        target.execute("PRAGMA journal_mode=DELETE")
        if target.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BackupError(f"the copy of {live} does not pass SQLite's quick_check")
        return target.execute("SELECT count(*) FROM leads").fetchone()[0]


def tables(path: Path) -> list[str]:
    """The tables of the database at `path`; none when there is no file. Read without the service's
    engine, which would turn an empty file to WAL mode before the copy."""
    if not path.exists():
        return []
    with closing(sqlite3.connect(path, timeout=15)) as connection:
        rows = connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        return [name for (name,) in rows]


def restore(backup: Path, path: Path) -> None:
    """Copies the backup at `backup`, opened read-only, into the database at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
    with closing(source), closing(sqlite3.connect(path, timeout=15)) as target:
        source.backup(target)
