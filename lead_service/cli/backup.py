"""`lead-service backup`: create, restore, run (on a schedule) and check, each a line or two of
receipt, and sign-ledger, once, for an erasure ledger from before its lines carried a MAC; the work
is lead_service/backup/'s and lead_service/retention/erasure_ledger.py's."""

from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from ..backup import BackupError, create, restore, schedule
from ..retention import erasure_ledger


def _size(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"


def _refusals(command: Callable) -> Callable:
    """What the operator must put right leaves as one sentence and exit 1, not a traceback."""

    @wraps(command)
    def guarded(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (BackupError, erasure_ledger.LedgerError) as exc:
            raise click.ClickException(str(exc)) from None

    return guarded


@click.group()
def backup():
    """Back the database up, restore it, and keep backups on a schedule."""


@backup.command("create")
@click.option("--keep", type=click.IntRange(min=1), help="How many backups to keep; default: BACKUP_KEEP.")
@with_appcontext
@_refusals
def create_backup(keep):
    """Back the database up into BACKUP_DIR, keeping the newest few."""
    receipt = create.create(keep or current_app.config["BACKUP_KEEP"])
    click.echo(
        f"backup {receipt.path}: {_size(receipt.size)}, {receipt.leads} lead(s), {receipt.seconds:.1f} s"
    )
    if receipt.removed:
        names = ", ".join(path.name for path in receipt.removed)
        click.echo(f"removed {len(receipt.removed)} older backup(s): {names}")


@backup.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--without-ledger",
    is_flag=True,
    help="Restore with no erasure ledger: only for a service that never erased anyone.",
)
@with_appcontext
@_refusals
def restore_backup(file, without_ledger):
    """Restore a backup into an EMPTY database (DATABASE_URL), bring it up to the current schema,
    and erase again everyone the erasure ledger says was erased."""
    receipt = restore.restore(file, without_ledger)
    click.echo(
        f"restored {receipt.leads} lead(s) from {file.name}, taken {receipt.taken_at:%Y-%m-%d %H:%M} UTC"
    )
    before, after = receipt.revisions
    if before != after:
        click.echo(f"migrated its schema from revision {before} to {after}")
    if receipt.erased_again is None:
        click.echo("no erasure ledger: nobody was erased again")
        return
    removed = sum(counts["contact"] + counts["quote"] for counts in receipt.erased_again.values())
    click.echo(
        f"re-erased {len(receipt.erased_again)} person(s) of the {len(receipt.ledger.erased)} in the"
        f" erasure ledger: {removed} lead(s) removed"
    )
    if receipt.ledger.unreadable:
        click.echo(f"passed over {receipt.ledger.unreadable} unreadable line(s) of the ledger (cut short)")


@backup.command("run")
@with_appcontext
def run_backups():
    """Back up every BACKUP_INTERVAL_HOURS, until stopped (SIGTERM or Ctrl-C)."""
    schedule.run()


@backup.command("check")
@with_appcontext
@_refusals
def check_backups():
    """Exit 0 while the newest backup, by its file's time, is younger than two BACKUP_INTERVAL_HOURS
    and the erasure ledger is there, as written; 1 otherwise: the backup container's health check."""
    click.echo(schedule.check(datetime.now(UTC)))


@backup.command("sign-ledger")
@with_appcontext
@_refusals
def sign_ledger():
    """Sign, once after the upgrade that brought them, the lines of an erasure ledger written
    before its lines carried a MAC, as they stand. Only a ledger that is the service's own."""
    where, signed = erasure_ledger.path(), erasure_ledger.sign()
    click.echo(f"signed the {signed} erasure(s) of {where}: an edit of it now stops a restore")
