"""`backup create` in the service's process, on each database: a whole file under its UTC time's
name, readable by its owner only, the newest BACKUP_KEEP kept and nothing else in the folder
touched; `backup check`, the health check, fails when the newest is older than two intervals, or
there is none, or no ledger. Both go by the files' times, whatever their names say, and refuse a
file dated ahead of the clock by name and time. And PostgreSQL's programs never see the database's
password."""

import os
import subprocess
from datetime import UTC, datetime, timedelta

import pytest

from lead_service import create_app
from lead_service.backup import files, postgresql
from lead_service.retention import erasure_ledger

from ..samples import CONTACT
from .conftest import LEDGER_EDITS, edit_ledger

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
    for name in OTHERS:
        (backups / name).write_text("")
    for name in OLDER:
        _dated(backups / name, files.named_at(backups / name))
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


def _dated(path, taken: datetime) -> None:
    """A backup file at `path` whose file's time is `taken`."""
    path.parent.mkdir(exist_ok=True)
    path.write_text("")
    os.utime(path, (taken.timestamp(), taken.timestamp()))


def _backup(folder, named_ago: float, dated_ago: float | None = None):
    """A backup named `named_ago` hours ago, and dated so too unless `dated_ago` says otherwise (a
    negative age is a time to come)."""
    now = datetime.now(UTC)
    path = folder / files.name(now - timedelta(hours=named_ago), "sqlite")
    _dated(path, now - timedelta(hours=named_ago if dated_ago is None else dated_ago))
    return path


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
        _backup(backups, 72)
        _backup(backups, hours_ago)
    if ledger:
        with app.app_context():
            erasure_ledger.ensure()

    result = runner.invoke(args=["backup", "check"])

    assert result.exit_code == exit_code and said in result.output


@pytest.mark.parametrize(
    ("named_ago", "dated_ago", "exit_code", "said"),
    [
        # A name for a time to come, on an old file: the schedule's stop of old, passed as healthy.
        (-24 * 365 * 70, 49, 1, "is 49.0 h old: over twice BACKUP_INTERVAL_HOURS"),
        (1, 49, 1, "is 49.0 h old"),
        (72, 1, 0, "is 1.0 h old"),
        # Within the clocks' skew, a moment ahead is new.
        (0, -4 / 60, 0, "is 0.0 h old"),
    ],
    ids=["named ahead, dated old", "named new, dated old", "named old, dated new", "dated a moment ahead"],
)
def test_check_reads_a_backups_age_from_its_files_time(
    app, runner, backups, monkeypatch, named_ago, dated_ago, exit_code, said
):
    monkeypatch.setitem(app.config, "BACKUP_INTERVAL_HOURS", 24)
    path = _backup(backups, named_ago, dated_ago)
    with app.app_context():
        erasure_ledger.ensure()

    result = runner.invoke(args=["backup", "check"])

    assert result.exit_code == exit_code and said in result.output
    assert path.name in result.output


def test_check_refuses_a_backup_dated_ahead_of_the_clock(app, runner, backups, monkeypatch):
    monkeypatch.setitem(app.config, "BACKUP_INTERVAL_HOURS", 24)
    _backup(backups, 2)
    ahead = _backup(backups, 3, -6 / 60)
    with app.app_context():
        erasure_ledger.ensure()

    result = runner.invoke(args=["backup", "check"])

    dated = files.taken_at(ahead)
    assert result.exit_code == 1
    assert f"the newest backup, {ahead}, is dated {dated:%Y-%m-%d %H:%M:%S} UTC, a time" in result.output
    assert "Set the file's time right (touch it), or move it out of the folder" in result.output


def test_check_refuses_an_edited_ledger(app, runner, backups):
    _backup(backups, 1)
    with app.app_context():
        erasure_ledger.append("ab" * 32, datetime.now(UTC))
    edit_ledger(backups / "erasures.jsonl", LEDGER_EDITS["a hash changed"][0])

    result = runner.invoke(args=["backup", "check"])

    ledger = backups / "erasures.jsonl"
    assert result.exit_code == 1
    assert f"line 2 of the erasure ledger {ledger} does not match its MAC" in result.output


def test_pruning_goes_by_the_files_times_and_leaves_one_dated_ahead(app, runner, backups):
    named_ahead = _backup(backups, -24 * 365 * 70, 72)
    oldest = _backup(backups, 48)
    named_old = _backup(backups, 24 * 365, 1)
    ahead = _backup(backups, 2, -24)

    result = runner.invoke(args=["backup", "create", "--keep", "2"])

    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == f"removed 2 older backup(s): {named_ahead.name}, {oldest.name}"
    (made,) = set(backups.glob("leads-*")) - {named_ahead, oldest, named_old, ahead}
    assert sorted(backups.glob("leads-*")) == sorted([made, named_old, ahead])


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
