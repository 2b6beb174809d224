"""`lead-service backup run`, as its container runs it: a backup at once, then one every
BACKUP_INTERVAL_HOURS, stopped by SIGTERM; started again beside a backup younger than the interval,
it waits for that one to fall due instead of taking another. Younger by the file's time, whatever
its name says; and a file dated ahead of the clock is an error in the log and a backup at once, not
a wait for that time."""

import json
import os
import subprocess
import time
from datetime import UTC, datetime, timedelta

import pytest

from lead_service.backup import files

from .conftest import BIN, Service


def _run(service: Service, url: str, log) -> subprocess.Popen:
    return subprocess.Popen(
        [BIN / "lead-service", "backup", "run"],
        env={**os.environ, **service.env, "DATABASE_URL": url},
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def _until(condition, process: subprocess.Popen, log_path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None and time.monotonic() < deadline, log_path.read_text()
        time.sleep(0.1)


def test_run_backs_up_at_once_and_stops_on_sigterm(service, tmp_path):
    url = f"sqlite:///{tmp_path / 'leads.db'}"
    service(url, "db", "upgrade")
    log_path = tmp_path / "run.log"

    for started in range(2):
        with log_path.open("w") as log:
            process = _run(service, url, log)
            try:
                _until(lambda: "backup schedule started" in log_path.read_text(), process, log_path)
                if not started:
                    _until(lambda: "backup written" in log_path.read_text(), process, log_path)
                else:
                    time.sleep(1)
            finally:
                process.terminate()
                assert process.wait(timeout=20) == 0, log_path.read_text()
        output = log_path.read_text()
        assert "backup schedule stopped" in output
        assert ("first_in_seconds=0" in output) == (not started), output
        assert len(list(service.backups.glob("leads-*.sqlite3"))) == 1


def _started(service: Service, url: str, log_path) -> list[dict]:
    """`backup run` started, until it has said when it backs up first (and, at once, has); its log
    lines."""
    with log_path.open("w") as log:
        process = _run(service, url, log)
        try:
            _until(lambda: "backup schedule started" in log_path.read_text(), process, log_path)
            if "first_in_seconds=0" in log_path.read_text():
                _until(lambda: "backup written" in log_path.read_text(), process, log_path)
        finally:
            process.terminate()
            assert process.wait(timeout=20) == 0, log_path.read_text()
    return [json.loads(line) for line in log_path.read_text().splitlines()]


def _backup(folder, named: datetime, dated: datetime):
    folder.mkdir(exist_ok=True)
    path = folder / files.name(named, "sqlite")
    path.write_text("")
    os.utime(path, (dated.timestamp(), dated.timestamp()))
    return path


@pytest.mark.parametrize(
    ("named_ago", "dated_ago", "waits"),
    [
        # Named for a time to come, on a file a day and more old: the name once held the schedule
        # back until that time.
        (timedelta(days=-365 * 70), timedelta(hours=30), False),
        (timedelta(hours=1), timedelta(hours=30), False),
        (timedelta(hours=30), timedelta(hours=1), True),
    ],
    ids=["named ahead, dated old", "named new, dated old", "named old, dated new"],
)
def test_run_waits_for_a_backup_by_its_files_time(service, tmp_path, named_ago, dated_ago, waits):
    url = f"sqlite:///{tmp_path / 'leads.db'}"
    service(url, "db", "upgrade")
    now = datetime.now(UTC)
    _backup(service.backups, now - named_ago, now - dated_ago)

    lines = _started(service, url, tmp_path / "run.log")

    (started,) = [line["message"] for line in lines if line["message"].startswith("backup schedule started")]
    first = float(started.rsplit("first_in_seconds=", 1)[1])
    if waits:
        # BACKUP_INTERVAL_HOURS (24) after the file's time.
        assert 22.9 * 3600 < first <= 23 * 3600
    else:
        assert first == 0
    assert len(list(service.backups.glob("leads-*"))) == (1 if waits else 2)


def test_run_backs_up_at_once_beside_a_backup_dated_ahead_and_says_so(service, tmp_path):
    url = f"sqlite:///{tmp_path / 'leads.db'}"
    service(url, "db", "upgrade")
    now = datetime.now(UTC)
    ahead = _backup(service.backups, now - timedelta(hours=1), now + timedelta(days=2))

    lines = _started(service, url, tmp_path / "run.log")

    (error,) = [line for line in lines if line["level"] == "ERROR"]
    assert error["message"].startswith(f"backup due at once error=the newest backup, {ahead}, is dated ")
    assert f"{files.taken_at(ahead):%Y-%m-%d %H:%M:%S} UTC" in error["message"]
    assert any(line["message"].endswith("first_in_seconds=0") for line in lines)
    # Taken, and the file dated ahead left for the operator (`backup check` names it).
    assert len(list(service.backups.glob("leads-*"))) == 2 and ahead.exists()
