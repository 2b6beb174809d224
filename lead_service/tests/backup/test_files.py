"""`backup create` in the service's process, on each database: a whole file under its UTC time's
name, readable by its owner only, the newest BACKUP_KEEP kept and nothing else in the folder
touched; `backup check`, the health check, fails when the newest is older than two intervals, or
there is none, or no ledger; and PostgreSQL's programs never see the database's password."""

import os
import subprocess
from datetime import UTC, datetime, timedelta

import pytest

from lead_service import create_app, erasure_ledger
from lead_service.backup import files, postgresql

from ..samples import CONTACT

OLDER = ["leads-20260101T000000Z.sqlite3", "leads-20260102T000000Z.dump", "leads-20260103T000000Z.sqlite3"]
# What else an operator may keep there: never counted, never removed.
OTHERS = ["erasures.jsonl", "notes.txt", "leads-20260101T000000Z.sqlite3.bak", ".leads-x.dump.partial"]


@pytest.fixture
def backups(app, tmp_path, monkeypatch):
    folder = tmp_path / "backups"
    monkeypatch.setitem(app.config, "BACKUP_DIR", str(folder))
    monkeypatch.setitem(app.config, "ERASURE_LEDGER_PATH", str(folder / "erasures.jsonl"))
    return folder


def _names(folder) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_create_keeps_the_newest_and_nothing_else_is_touched(app, client, runner, backups):
    backups.mkdir()
    for name in OLDER + OTHERS:
        (backups / name).write_text("")
    assert client.post("/api/contact", json=CONTACT).status_code == 201

    result = runner.invoke(args=["backup", "create", "--keep", "2"])

    assert result.exit_code == 0, result.output
    (made,) = set(_names(backups)) - set(OLDER + OTHERS)
    assert files.NAME.fullmatch(made)
    taken = files.taken_at(backups / made)
    assert datetime.now(UTC) - timedelta(minutes=1) < taken <= datetime.now(UTC)
    sqlite = app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
    assert made.endswith(".sqlite3" if sqlite else ".dump")
    assert _names(backups) == sorted([OLDER[-1], made, *OTHERS])
    assert (backups / made).stat().st_mode & 0o777 == 0o600
    if not sqlite:
        # The service's schema alone, not every schema of the database's.
        listed = subprocess.run(
            ["pg_restore", "--list", backups / made], capture_output=True, text=True, check=True
        )
        options = app.config["SQLALCHEMY_ENGINE_OPTIONS"]["connect_args"]["options"]
        assert set(postgresql.TABLE_ENTRY.findall(listed.stdout)) == {options.split("=")[1]}
    lines = result.output.splitlines()
    assert lines[0].startswith(f"backup {backups / made}: ") and lines[0].endswith(" s")
    assert lines[1] == f"removed 2 older backup(s): {OLDER[0]}, {OLDER[1]}"


def test_the_ledger_starts_with_the_first_backup(app, client, runner, backups):
    assert runner.invoke(args=["backup", "create"]).exit_code == 0

    assert (backups / "erasures.jsonl").read_text().startswith('{"key_check": "')
    with app.app_context():
        assert erasure_ledger.read().erased == {}


def _stamped(folder, hours_ago: float) -> None:
    folder.mkdir(exist_ok=True)
    taken = datetime.now(UTC) - timedelta(hours=hours_ago)
    (folder / files.name(taken, "sqlite")).write_text("")


@pytest.mark.parametrize(
    ("hours_ago", "ledger", "exit_code", "said"),
    [
        (None, True, 1, "there is no backup in"),
        (1, True, 0, "is 1.0 h old"),
        (47.5, True, 0, "is 47.5 h old"),
        (49, True, 1, "is 49.0 h old: over twice BACKUP_INTERVAL_HOURS"),
        (1, False, 1, "there is no erasure ledger at"),
    ],
)
def test_check_fails_past_two_intervals_or_without_a_ledger(
    app, runner, backups, monkeypatch, hours_ago, ledger, exit_code, said
):
    monkeypatch.setitem(app.config, "BACKUP_INTERVAL_HOURS", 24)
    if hours_ago is not None:
        _stamped(backups, 72)
        _stamped(backups, hours_ago)
    if ledger:
        with app.app_context():
            erasure_ledger.ensure()

    result = runner.invoke(args=["backup", "check"])

    assert result.exit_code == exit_code and said in result.output


def test_postgresql_programs_get_the_password_in_their_environment_only(tmp_path, monkeypatch):
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    url = "postgresql+psycopg://leads:s3cr%27t@db:5432/leads?options=-csearch_path%3Dtenant&sslmode=require"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})

    with app.app_context():
        target = postgresql.target()

    assert target.conninfo == (
        "host='db' port='5432' user='leads' dbname='leads' options='-csearch_path=tenant' sslmode='require'"
    )
    assert target.env["PGPASSWORD"] == "s3cr't" and "s3cr" not in target.conninfo
    assert target.schema == "tenant"
    assert set(os.environ) <= set(target.env)
