"""Backups at 100,000 leads: `lead-service backup create`, then, after one person is erased and the
database is lost (the SQLite file removed, the PostgreSQL schema dropped and made again, empty),
`lead-service backup restore` of it, which migrates it and erases that person again; each timed
as an operator waits for it, from the command's start to its exit, on SQLite and on PostgreSQL."""

import os
import subprocess
import time
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from tests.support.servers import BIN

from .services import on_each_database

LEADS = 100_000


def _command(env: dict[str, str], *args: str) -> tuple[float, str]:
    """Runs `lead-service` with `args`: its seconds and its output."""
    began = time.perf_counter()
    done = subprocess.run([BIN / "lead-service", *args], env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - began, done.stdout


def _lose(url: str, engine: Engine) -> None:
    """The database gone, and an empty one in its place."""
    if url.startswith("sqlite"):
        for suffix in ("", "-wal", "-shm"):
            Path(f"{make_url(url).database}{suffix}").unlink(missing_ok=True)
        return
    schema = url.rsplit("%3D", 1)[1]
    with engine.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))


def _backup_and_restore(home: Path, url: str, engine: Engine) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "LEAD_SERVICE_INSTANCE_PATH": str(home),
        "BACKUP_DIR": str(home / "backups"),
        "SECRET_KEY": "bench-" + "0" * 58,
    }
    for step in (["db", "upgrade"], ["leads", "fake", "--count", str(LEADS)]):
        subprocess.run([BIN / "lead-service", *step], env=env, check=True, capture_output=True)
    created, _ = _command(env, "backup", "create")
    (backup,) = (home / "backups").glob("leads-*")
    with engine.connect() as connection:
        erased = connection.execute(text("SELECT email FROM leads ORDER BY id LIMIT 1")).scalar_one()
    _command(env, "leads", "erase", "--email", erased)
    engine.dispose()
    _lose(url, engine)
    restored, receipt = _command(env, "backup", "restore", str(backup))
    if f"restored {LEADS} lead(s)" not in receipt or "re-erased 1 person(s)" not in receipt:
        raise RuntimeError(f"the restore's receipt is not the bench's:\n{receipt}")
    return {"leads": LEADS, "bytes": backup.stat().st_size, "create_s": created, "restore_s": restored}


def backup_timing(tmp: Path) -> list[dict]:
    return on_each_database(tmp, _backup_and_restore)
