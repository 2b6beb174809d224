"""`lead-service backup restore FILE`: a backup brought back into the service's database, which
must be empty (a restore never writes over live data), then migrated to the code's schema, as
`lead-service db upgrade` does, so that an older backup comes up to date; then everyone the
erasure ledger says was erased is erased again, for the backup may have been taken before."""

from datetime import datetime
from pathlib import Path
from typing import NamedTuple

import flask_migrate
from sqlalchemy import func, select, text

from .. import retention
from ..extensions import db
from ..models.leads import Lead
from ..retention import erasure_ledger
from . import BackupError, files, postgresql, sqlite


class Receipt(NamedTuple):
    leads: int
    taken_at: datetime
    # The schema's revision in the backup, and after the migrations.
    revisions: tuple[str | None, str | None]
    # What each person erased again lost, by address hash; None: restored without a ledger.
    erased_again: dict[str, dict[str, int]] | None
    ledger: erasure_ledger.Ledger | None


def _kind(backup: Path) -> str:
    with backup.open("rb") as file:
        start = file.read(len(sqlite.MAGIC))
    if start.startswith(sqlite.MAGIC):
        return "sqlite"
    if start.startswith(postgresql.MAGIC):
        return "postgresql"
    raise BackupError(f"{backup} is neither a SQLite database nor a pg_dump archive")


def _revision() -> str | None:
    revision = db.session.scalar(text("SELECT version_num FROM alembic_version"))
    db.session.rollback()  # end the read before the migrations write
    return revision


def restore(backup: Path, without_ledger: bool = False) -> Receipt:
    database = db.engine.url.get_backend_name()
    kind = _kind(backup)
    if kind != database:
        raise BackupError(f"{backup.name} is a {kind} backup; DATABASE_URL is a {database} database")
    # The ledger first: a restore that could not erase again must not begin.
    ledger = erasure_ledger.read()
    if ledger is None and not without_ledger:
        raise BackupError(
            f"there is no erasure ledger at {erasure_ledger.path()}: without it, everyone erased since"
            " the backup would come back. Put the ledger kept with the backups there (ERASURE_LEDGER_PATH),"
            " or, only if this service never erased anyone, give --without-ledger"
        )
    path = sqlite.database_path(db.engine.url) if database == "sqlite" else None
    present = sqlite.tables(path) if path else postgresql.tables()
    if present:
        raise BackupError(
            f"the target database is not empty ({len(present)} table(s), {', '.join(sorted(present)[:4])}):"
            " a backup is restored into an empty database only, never over live data"
        )
    db.engine.dispose()
    if path:
        sqlite.restore(backup, path)
    else:
        postgresql.restore(backup)
    db.engine.dispose()
    try:
        before = _revision()
        flask_migrate.upgrade()
        after = _revision()
        leads = db.session.scalar(select(func.count()).select_from(Lead)) or 0
        again = retention.erase_again(ledger.erased) if ledger else None
    except Exception as exc:
        db.session.rollback()
        raise BackupError(
            f"the backup was restored, but not migrated and erased again ({type(exc).__name__}: {exc}):"
            " start nothing on this database; empty it and restore again"
        ) from exc
    return Receipt(leads, files.named_at(backup), (before, after), again, ledger)
