"""PostgreSQL's part: pg_dump's custom format, and pg_restore into an empty database in one
transaction. Both reach the database the service does: its DATABASE_URL as libpq's conninfo, with
the password in PGPASSWORD (never in a process's arguments, which every user of the host may read),
and, when the URL confines the service to a schema (`options=-csearch_path=...`), that schema alone:
pg_dump itself takes no notice of search_path."""

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

from flask import current_app
from sqlalchemy import func, inspect, select, text

from ..extensions import db
from ..models.leads import Lead
from . import BackupError

# The first bytes of pg_dump's custom format.
MAGIC = b"PGDMP"
# A table's line in `pg_restore --list`: "216; 1259 29278 TABLE <schema> <name> <owner>".
TABLE_ENTRY = re.compile(r"^\d+; \d+ \d+ TABLE (?!DATA )(?P<schema>\S+) \S+", re.M)


class Target(NamedTuple):
    conninfo: str
    env: dict[str, str]
    schema: str | None


def _quoted(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def target() -> Target:
    """The service's database as libpq's keyword/value conninfo (its query's keywords are libpq's
    already: psycopg hands them on), the environment that carries its password, and its schema."""
    url = db.engine.url
    keywords = {key: " ".join(v) if isinstance(v, tuple) else v for key, v in url.query.items()}
    # The tests, and anyone, may give the search_path as the engine's connect_args instead.
    extra = current_app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).get("connect_args", {}).get("options")
    if extra:
        keywords["options"] = f"{keywords.get('options', '')} {extra}".strip()
    password = url.password or keywords.pop("password", None)
    given = {"host": url.host, "port": url.port, "user": url.username, "dbname": url.database}
    keywords = {key: str(value) for key, value in given.items() if value} | keywords
    env = {**os.environ, **({"PGPASSWORD": str(password)} if password else {})}
    path = re.search(r"search_path\s*=\s*(\S+)", keywords.get("options", ""))
    schema = path[1].split(",")[0].strip('"') if path else None
    conninfo = " ".join(f"{key}={_quoted(value)}" for key, value in keywords.items())
    return Target(conninfo, env, schema)


def _run(command: list[str], env: dict[str, str], **kwargs) -> str:
    """Runs a PostgreSQL client program: its output; its own words when it fails."""
    program = shutil.which(command[0])
    if not program:
        raise BackupError(f"{command[0]} is not installed: it comes with PostgreSQL's client programs")
    done = subprocess.run([program, *command[1:]], env=env, stderr=subprocess.PIPE, check=False, **kwargs)
    if done.returncode:
        words = done.stderr.decode(errors="replace").strip()[-2000:]
        raise BackupError(f"{command[0]} failed (exit {done.returncode}): {words}")
    return (done.stdout or b"").decode(errors="replace")


def dump(copy: Path) -> int:
    """pg_dump into the file `copy`: how many leads it holds. pg_dump reads the snapshot of a
    transaction held open here, in which the leads are counted too, so the count is the backup's."""
    where = target()
    connection = db.engine.connect().execution_options(isolation_level="REPEATABLE READ")
    with connection, connection.begin():
        snapshot = connection.scalar(text("SELECT pg_export_snapshot()"))
        leads = connection.scalar(select(func.count()).select_from(Lead))
        command = ["pg_dump", "--format=custom", f"--snapshot={snapshot}", f"--dbname={where.conninfo}"]
        if where.schema:
            command.append(f"--schema={where.schema}")
        with copy.open("wb") as output:
            _run(command, where.env, stdout=output)
    return leads


def tables() -> list[str]:
    """The tables in the service's schema (public, unless the URL names one)."""
    return inspect(db.engine).get_table_names(schema=target().schema)


def restore(backup: Path) -> None:
    """pg_restore of the backup into the (empty) database, in one transaction: a failure leaves it
    as empty as it was. Objects are the restoring user's, and no grant of the old database's is
    made again; a backup's schema is its own, so it is restored only into a schema of its name."""
    where = target()
    schema = where.schema or "public"
    listed = _run(["pg_restore", "--list", str(backup)], where.env, stdout=subprocess.PIPE)
    held = set(TABLE_ENTRY.findall(listed))
    if schema not in held:
        raise BackupError(
            f"{backup.name} holds the tables of schema {', '.join(sorted(held)) or '(none)'}, not {schema}:"
            " set DATABASE_URL's search_path to the backup's schema"
        )
    command = ["pg_restore", "--no-owner", "--no-privileges", "--single-transaction"]
    if where.schema:
        # pg_restore --schema makes no schema: it must be there.
        with db.engine.begin() as connection:
            quoted = connection.dialect.identifier_preparer.quote(where.schema)
            connection.execute(text(f"CREATE SCHEMA IF NOT EXISTS {quoted}"))
        command.append(f"--schema={where.schema}")
    _run([*command, f"--dbname={where.conninfo}", str(backup)], where.env)
