"""Faults under steady load: the gunicorn master killed with SIGKILL and started again, and
PostgreSQL cut off behind a TCP proxy and brought back. Whatever happens, every lead answered 201
is in the database with its outbox row, and the service answers JSON throughout. And the outbox
worker waits out a database outage and then delivers."""

import os
import signal
import threading
import time
from dataclasses import dataclass, field

import pytest
import requests
from sqlalchemy import make_url, text

from lead_service.config import database_url
from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for

from ...support.servers import (
    GUNICORN,
    free_port,
    lead_service,
    postgres_schema,
    postgres_url,
    prepare_lead_service,
    spawn,
    start_outbox_worker,
    stop,
    wait_until_up,
)
from ...support.tcp_proxy import TcpProxy

pytestmark = pytest.mark.e2e


@dataclass
class Load:
    """Threads posting quote requests, each with its own e-mail address, until stopped."""

    url: str
    answers: list[tuple[float, str, int | None, dict | None]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def _send(self, thread: int) -> None:
        number = 0
        with requests.Session() as session:
            while not self._stop.is_set():
                email = f"load-{thread}-{number}@faults.example"
                number += 1
                body = {
                    "name": "Load Test",
                    "email": email,
                    "phone": "+44 20 7946 0958",
                    "project": "Steady load",
                    "budget": "1000$ - 5000$ Estimated",
                }
                try:
                    response = session.post(f"{self.url}/api/quote", json=body, timeout=10)
                    answer = (time.monotonic(), email, response.status_code, response.json())
                except requests.RequestException:  # refused, timed out, or cut off mid-body
                    answer = (time.monotonic(), email, None, None)  # no answer: not acknowledged
                    time.sleep(0.05)
                self.answers.append(answer)

    def __enter__(self) -> "Load":
        self._threads = [threading.Thread(target=self._send, args=(n,)) for n in range(4)]
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def acknowledged(self) -> dict[str, int]:
        return {email: body["id"] for _, email, status, body in self.answers if status == 201}

    def statuses_between(self, start: float, end: float) -> list[int | None]:
        return [status for at, _, status, _ in self.answers if start <= at < end]


def assert_every_acknowledged_lead_is_stored_with_its_notification(engine, acknowledged: dict[str, int]):
    with engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT email, id FROM leads WHERE form = 'quote'")).all())
        notified = set(
            connection.execute(text("SELECT lead_id FROM outbox WHERE purpose = 'new_lead'")).scalars()
        )
    assert {email: stored.get(email) for email in acknowledged} == acknowledged
    assert set(acknowledged.values()) <= notified


def test_the_master_killed_mid_load_loses_no_acknowledged_lead(each_database, tmp_path):
    url, engine = each_database
    port = free_port()
    env = prepare_lead_service(tmp_path, url, port)
    base = f"http://127.0.0.1:{port}"
    first = spawn(GUNICORN, env, tmp_path / "first.log")
    second = None
    try:
        wait_until_up(f"{base}/healthz", first, tmp_path / "first.log")
        with Load(base) as load:
            time.sleep(2)
            before = len(load.acknowledged())
            os.kill(first.pid, signal.SIGKILL)  # the master, with no chance to clean up
            first.wait()
            killed = time.monotonic()
            time.sleep(0.5)
            os.killpg(first.pid, signal.SIGKILL)  # and any worker it left mid-request
            second = spawn(GUNICORN, env, tmp_path / "second.log")
            wait_until_up(f"{base}/healthz", second, tmp_path / "second.log")
            time.sleep(2)
    finally:
        for process in (first, second):
            if process is not None:
                stop(process)

    after = [status for status in load.statuses_between(killed, float("inf")) if status == 201]
    assert before > 0 and len(after) > 0, "load ran on both sides of the kill"
    assert {status for _, _, status, _ in load.answers} <= {201, None}
    assert_every_acknowledged_lead_is_stored_with_its_notification(engine, load.acknowledged())


def test_postgresql_cut_off_answers_503_and_recovers_without_losing_a_lead(tmp_path):
    real = make_url(database_url(postgres_url()))  # skips without TEST_DATABASE_URL
    proxy = TcpProxy(real.host or "127.0.0.1", real.port or 5432).start()
    with postgres_schema(postgres_url(), "cut") as (url, engine):
        through_proxy = (
            make_url(url).set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
        )
        port = free_port()
        env = prepare_lead_service(tmp_path, through_proxy, port)
        base = f"http://127.0.0.1:{port}"
        service = spawn(GUNICORN, env, tmp_path / "service.log")
        try:
            wait_until_up(f"{base}/healthz", service, tmp_path / "service.log")
            with Load(base) as load:
                time.sleep(2)
                proxy.cut()
                cut = time.monotonic()
                time.sleep(3)
                during = requests.get(f"{base}/healthz/ready", timeout=10)
                alive = requests.get(f"{base}/healthz/live", timeout=10)
                proxy.restore()
                restored = time.monotonic()
                time.sleep(4)
            after = requests.get(f"{base}/healthz/ready", timeout=10)
        finally:
            stop(service)
            proxy.stop()

        statuses = load.statuses_between(cut + 0.5, restored)
        assert statuses and set(statuses) == {503}, "every request while the database is away gets 503"
        assert (during.status_code, during.json()["database"]) == (503, "unavailable")
        assert (alive.status_code, after.status_code) == (200, 200)
        assert 201 in load.statuses_between(restored, restored + 3), "recovers within seconds"
        assert {status for _, _, status, _ in load.answers} <= {201, 503}
        answered_503 = [body for _, _, status, body in load.answers if status == 503]
        assert all(body["code"] == 503 and body["description"] for body in answered_503)
        assert_every_acknowledged_lead_is_stored_with_its_notification(engine, load.acknowledged())


def delivered(engine) -> int:
    with engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM outbox WHERE status = 'delivered'")).scalar_one()


def test_the_outbox_worker_waits_out_a_database_outage_and_then_delivers(tmp_path):
    real = make_url(database_url(postgres_url()))
    proxy = TcpProxy(real.host or "127.0.0.1", real.port or 5432).start()
    smtp = SmtpSink().start()
    channel = smtp_settings(smtp.port)
    body = {
        "name": "Outage Visitor",
        "email": "outage@faults.example",
        "phone": "+44 20 7946 0958",
        "project": "During an outage",
        "budget": "1000$ - 5000$ Estimated",
    }
    try:
        with (
            postgres_schema(postgres_url(), "outage") as (url, engine),
            lead_service(tmp_path, url) as service,  # straight to PostgreSQL: it keeps taking leads
        ):
            through_proxy = (
                make_url(url).set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
            )
            worker = start_outbox_worker(tmp_path, through_proxy, channel)
            try:
                assert requests.post(f"{service}/api/quote", json=body, timeout=10).status_code == 201
                # Cut only once the send is recorded: cut between the send and its commit, the
                # worker would rightly send the first e-mail again (delivery is at least once).
                wait_for(lambda: delivered(engine) == 1, 10, "the first e-mail recorded as delivered")

                proxy.cut()
                assert requests.post(
                    f"{service}/api/quote", json={**body, "name": "Second Visitor"}, timeout=10
                ).ok
                time.sleep(3)
                assert (len(smtp.messages), worker.poll()) == (1, None)  # waiting, not gone

                proxy.restore()
                wait_for(lambda: delivered(engine) == 2, 15, "the e-mail of the lead stored in the outage")
            finally:
                stop(worker)
    finally:
        smtp.stop()
        proxy.stop()

    assert [message["Subject"] for message in smtp.messages] == [
        "New quote request from Outage Visitor",
        "New quote request from Second Visitor",
    ]
    assert "outbox waits for the database" in (tmp_path / "outbox.log").read_text()
