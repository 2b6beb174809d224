"""`lead-service backup run`, as its container runs it: a backup at once, then one every
BACKUP_INTERVAL_HOURS, stopped by SIGTERM; started again beside a backup younger than the interval,
it waits for that one to fall due instead of taking another."""

import os
import subprocess
import time

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
