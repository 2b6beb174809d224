"""`lead-service` run as an operator runs it, on one instance's settings, and databases of each kind
to back up and restore into: SQLite files, and, when TEST_DATABASE_URL is set, PostgreSQL schemas of
their own, dropped afterwards. A lost database is the same URL emptied: a PostgreSQL backup of a
schema is restored into a schema of the same name. And the edits by hand that an erasure ledger
must not survive."""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.models.leads import Lead

BIN = Path(sys.executable).parent
SECRET = "5" * 64


class Service:
    """`lead-service` on an instance of its own, with its backups and ledger in `home`/backups."""

    def __init__(self, home: Path, secret: str = SECRET):
        self.backups = home / "backups"
        self.env = {
            "LEAD_SERVICE_INSTANCE_PATH": str(home / "instance"),
            "SECRET_KEY": secret,
            "BACKUP_DIR": str(self.backups),
        }

    def __call__(self, url: str, *args: str, check: bool = True, **settings: str):
        done = subprocess.run(
            [BIN / "lead-service", *args],
            env={**os.environ, **self.env, "DATABASE_URL": url, **settings},
            capture_output=True,
            text=True,
            check=False,
        )
        if check:
            assert done.returncode == 0, done.stdout + done.stderr
        return done


@pytest.fixture
def service(tmp_path) -> Service:
    return Service(tmp_path)


class Databases:
    """Empty databases of one kind, as DATABASE_URLs."""

    def __init__(self, kind: str, tmp: Path):
        self.kind, self.tmp, self.schemas = kind, tmp, []
        self.server = os.environ.get("TEST_DATABASE_URL", "")
        self.admin = create_engine(database_url(self.server)) if kind == "postgresql" else None

    def new(self) -> str:
        if self.kind == "sqlite":
            return f"sqlite:///{self.tmp / f'leads-{uuid.uuid4().hex[:8]}.db'}"
        schema = f"backup_{uuid.uuid4().hex[:12]}"
        self.schemas.append(schema)
        self._run(f'CREATE SCHEMA "{schema}"')
        return f"{self.server}{'&' if '?' in self.server else '?'}options=-csearch_path%3D{schema}"

    def lose(self, url: str) -> None:
        """The database at `url` gone, and an empty one in its place."""
        if self.kind == "sqlite":
            for suffix in ("", "-wal", "-shm"):
                Path(f"{url.removeprefix('sqlite:///')}{suffix}").unlink(missing_ok=True)
            return
        schema = url.rsplit("%3D", 1)[1]
        self._run(f'DROP SCHEMA "{schema}" CASCADE', f'CREATE SCHEMA "{schema}"')

    def _run(self, *statements: str) -> None:
        with self.admin.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))

    def close(self) -> None:
        if self.admin is not None:
            self._run(*(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE' for schema in self.schemas))
            self.admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def databases(request, tmp_path):
    if request.param == "postgresql" and not os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("TEST_DATABASE_URL is not set")
    made = Databases(request.param, tmp_path)
    yield made
    made.close()


def add_leads(url: str, *emails: str) -> None:
    """A contact message from each address, stored as intake stores one."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(url)})
    with app.app_context():
        db.session.add_all(
            Lead(form="contact", name="Lead", email=email, message="Hello") for email in emails
        )
        db.session.commit()
        db.engine.dispose()


def stored(url: str, query: str) -> list:
    """The rows `query` reads from the database at `url`."""
    engine = create_engine(database_url(url))
    try:
        with engine.connect() as connection:
            return connection.execute(text(query)).all()
    finally:
        engine.dispose()


def emails(url: str) -> list[str]:
    return sorted(email for (email,) in stored(url, "SELECT email FROM leads"))


def _entry_edit(change):
    """An edit of the ledger's first erasure line (its second line), as a text editor would make
    it: the JSON rewritten, the MAC left as it was."""

    def edit(lines: list[str]) -> list[str]:
        entry = json.loads(lines[1])
        change(entry)
        return [lines[0], json.dumps(entry, sort_keys=True), *lines[2:]]

    return edit


def _added_by_hand(lines: list[str]) -> list[str]:
    return [*lines, json.dumps({"address_hash": "ab" * 32, "at": "2026-01-01T00:00:00+00:00"})]


# Each edit, and the line a reading of the ledger names.
LEDGER_EDITS = {
    "a hash changed": (_entry_edit(lambda entry: entry.update(address_hash="cd" * 32)), 2),
    # To before the erased person's leads: a restore would erase none of them again.
    "a time changed": (_entry_edit(lambda entry: entry.update(at="2000-01-01T00:00:00+00:00")), 2),
    "a line added without a MAC": (_added_by_hand, 3),
}


def edit_ledger(path: Path, edit) -> None:
    path.write_text("".join(f"{line}\n" for line in edit(path.read_text().splitlines())))
