"""`lead-service backup create`: one backup of the service's database into BACKUP_DIR, the oldest
beyond the number kept removed (by their files' times), and the erasure ledger started if it is not
there yet, or checked if it is."""

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from ..extensions import db
from ..retention import erasure_ledger
from . import BackupError, files, postgresql, sqlite


class Receipt(NamedTuple):
    path: Path
    size: int
    leads: int
    seconds: float
    removed: list[Path]


def create(keep: int) -> Receipt:
    began = time.monotonic()
    url = db.engine.url
    database = url.get_backend_name()
    if database not in files.EXTENSIONS:
        raise BackupError(f"backups are of SQLite and PostgreSQL, not of {database}")
    final = files.folder() / files.name(datetime.now(UTC), database)
    with files.writing(final) as draft:
        if database == "sqlite":
            leads = sqlite.dump(sqlite.database_path(url), draft)
        else:
            leads = postgresql.dump(draft)
    removed = files.prune(final.parent, keep, datetime.now(UTC))
    # After the backup, which is worth having even when the ledger is not right: this fails the
    # command, and the schedule's check, until it is.
    erasure_ledger.ensure()
    return Receipt(final, final.stat().st_size, leads, time.monotonic() - began, removed)
