"""The database's backups (`lead-service backup`, cli/backup.py): create.py takes one, restore.py
brings one back into an empty database and erases again whoever the erasure ledger says was erased
since, schedule.py takes them on a schedule and says how old the newest is; files.py names, writes,
dates and prunes the files, sqlite.py and postgresql.py do each database's part."""


class BackupError(RuntimeError):
    """What the operator must put right, said in a sentence: the command exits 1."""
