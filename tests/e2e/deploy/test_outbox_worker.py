"""`lead-service outbox run` as operators run it, beside gunicorn: each lead posted to the service
reaches a real SMTP server and a real webhook receiver once, seconds after its 201. One worker on
SQLite (a second refuses to start), two at once on PostgreSQL."""

import os
import re
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from lead_service.tests.receivers import channel_settings, wait_for

from ...support.servers import BIN, ROOT, lead_service, start_outbox_worker, stop

pytestmark = pytest.mark.e2e


def _quote(number: int) -> dict[str, str]:
    return {
        "name": f"Quoting Visitor {number}",
        "email": f"quoter{number}@example.org",
        "phone": "+44 20 7946 0958",
        "project": f"Project number {number}",
        "budget": "1000$ - 5000$ Estimated",
    }


def test_every_lead_reaches_sales_once_seconds_after_its_answer(each_database, receivers, tmp_path):
    database, _engine = each_database
    smtp, hook = receivers
    settings = channel_settings(smtp.port, hook)
    with lead_service(tmp_path, database) as url:
        # SKIP LOCKED lets two workers share PostgreSQL; SQLite takes one.
        count = 2 if database.startswith("postgresql") else 1
        workers = [start_outbox_worker(tmp_path, database, settings, f"outbox-{n}") for n in range(count)]
        try:

            def send(number: int) -> tuple[float, requests.Response]:
                response = requests.post(f"{url}/api/quote", json=_quote(number), timeout=30)
                return time.time(), response

            with ThreadPoolExecutor(max_workers=8) as pool:
                answers = list(pool.map(send, range(24)))
            assert [response.status_code for _, response in answers] == [201] * 24
            wait_for(lambda: len(smtp.messages) >= 24 and len(hook.accepted()) >= 24, 30, "24 notifications")
            time.sleep(1)  # time enough for a notification sent twice to arrive as well
        finally:
            codes = []
            for worker in workers:
                worker.send_signal(signal.SIGTERM)
                codes.append(worker.wait(timeout=15))

    assert codes == [0] * count  # SIGTERM stops a worker cleanly
    subjects = sorted(message["Subject"] for message in smtp.messages)
    assert subjects == sorted(f"New quote request from Quoting Visitor {n}" for n in range(24))
    assert sorted(d["json"]["lead"]["name"] for d in hook.accepted()) == sorted(
        f"Quoting Visitor {n}" for n in range(24)
    )
    # Each picked up within about a second of the visitor's answer: a generous bound here; the
    # bench reports the figures.
    acknowledged = {response.json()["id"]: at for at, response in answers}
    for message, arrived in zip(smtp.messages, smtp.arrivals, strict=True):
        lead_id = int(re.search(r"^Lead: +#(\d+)\s*$", message.get_content(), re.MULTILINE)[1])
        assert re.fullmatch(rf"<lead-{lead_id}-\d+@[^>]+>", message["Message-ID"])
        assert arrived - acknowledged[lead_id] < 10


def test_a_second_worker_on_one_sqlite_database_refuses_to_start(receivers, tmp_path):
    database = f"sqlite:///{tmp_path / 'leads.db'}"
    settings = channel_settings(receivers[0].port, receivers[1])
    env = {**os.environ, "DATABASE_URL": database, **settings}
    subprocess.run([BIN / "lead-service", "db", "upgrade"], env=env, check=True, capture_output=True)
    first = start_outbox_worker(tmp_path, database, settings)
    try:
        second = subprocess.run(
            [BIN / "lead-service", "outbox", "run"],
            check=False,
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    finally:
        stop(first)

    assert second.returncode != 0
    assert "another outbox worker is running" in second.stderr
