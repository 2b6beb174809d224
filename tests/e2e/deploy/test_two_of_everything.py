"""Two of everything, one of each killed: the production topology on this machine, as compose
scales it. nginx on deploy/nginx.conf in front of two site servers and two lead-service processes,
two outbox workers and the mailbox reader, on PostgreSQL and Redis. Visitors, each from an address
of their own (as the load balancer in front says), send leads and open pages through nginx, and
send a failed lead again with its Idempotency-Key, as the site's forms do, while one site server,
one lead-service process and one outbox worker are killed with SIGKILL in turn. Every acknowledged
lead is stored once and e-mailed once, one visitor's rate limit is counted across both processes,
and no request fails but those in flight at a kill. The counts go to
test-results/two-of-everything.json, for a person to read."""

import email.utils
import json
import os
import random
import signal
import subprocess
import threading
import time
import uuid
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

import pytest
import requests
from sqlalchemy import Engine, text

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT

from ...support.servers import (
    GUNICORN,
    ROOT,
    free_port,
    postgres_schema,
    postgres_url,
    prepare_lead_service,
    reverse_proxy,
    server,
    start_mailbox_reader,
    start_outbox_worker,
    stop,
    web_process,
)

pytestmark = pytest.mark.e2e

VISITORS = 4  # sending at once, one lead after another
DOMAIN = "kill.example.com"
# How long a failed send is sent again for, as a visitor's browser would: far past any kill.
RETRY_FOR_SECONDS = 20
# The service's default limit on a form: a visitor's eleventh lead in a minute is refused.
PER_MINUTE = 10


@dataclass
class Traffic:
    """What the visitors saw: each request's answer in the order they came, and each lead's fate."""

    base: int  # the second octet of this run's visitor addresses
    answers: list[tuple[float, bool]] = field(default_factory=list)  # (when, not failed)
    sent: list[str] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def address(self, number: int) -> str:
        return f"10.{self.base}.{number // 256 % 256}.{number % 256}"

    def answered(self, ok: bool) -> None:
        with self.lock:
            self.answers.append((time.monotonic(), ok))

    def longest_failure(self) -> tuple[int, float]:
        """The longest run of failed answers in a row: how many, and from the first to the last."""
        longest, run = (0, 0.0), []
        for at, ok in sorted(self.answers):
            run = [] if ok else [*run, at]
            if run and len(run) > longest[0]:
                longest = (len(run), run[-1] - run[0])
        return longest


def _request(traffic: Traffic, method: str, url: str, **options) -> requests.Response | None:
    try:
        answer = requests.request(method, url, timeout=10, **options)
    except requests.RequestException:
        traffic.answered(False)
        return None
    traffic.answered(answer.status_code < 500)
    return answer


def _visitor(site: str, traffic: Traffic, first: int, stride: int, stop_sending: threading.Event) -> None:
    number = first
    while not stop_sending.is_set():
        address, mail = traffic.address(number), f"visitor-{number}@{DOMAIN}"
        headers = {"X-Forwarded-For": address, "Idempotency-Key": str(uuid.uuid4())}
        lead = {**CONTACT, "name": f"Visitor {number}", "email": mail}
        with traffic.lock:
            traffic.sent.append(mail)
        given_up = time.monotonic() + RETRY_FOR_SECONDS
        while time.monotonic() < given_up:
            answer = _request(traffic, "POST", f"{site}/api/contact", json=lead, headers=headers)
            if answer is not None and answer.status_code == 201:
                with traffic.lock:
                    traffic.acknowledged.append(mail)
                break
            assert answer is None or answer.status_code >= 500, answer.text  # only a failure is sent again
            time.sleep(0.1)
        # A page no cache holds, from the site's servers.
        _request(traffic, "GET", f"{site}/contact?visit={number}", headers={"X-Forwarded-For": address})
        number += stride


def _kill(process) -> None:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _emails(sink: SmtpSink) -> dict[str, list[str]]:
    """{a lead's address: the Message-ID of each of the team's e-mails of it, copies included}."""
    found: dict[str, list[str]] = {}
    for message in sink.messages:
        ((_, address),) = email.utils.getaddresses([message["Reply-To"] or ""])
        if address.endswith(f"@{DOMAIN}"):
            found.setdefault(address, []).append(message["Message-ID"])
    return found


@dataclass
class Deployed:
    site: str  # nginx's
    database: Engine
    # Each one's first copy: killed in turn.
    first_site: subprocess.Popen
    first_service: subprocess.Popen
    first_worker: subprocess.Popen


@contextmanager
def _deployed(tmp_path, sink: SmtpSink):
    """Two site servers and two lead-service processes behind nginx, two outbox workers e-mailing
    `sink`, the mailbox reader; on a PostgreSQL schema of their own and Redis."""
    with ExitStack() as stack:
        url, engine = stack.enter_context(postgres_schema(postgres_url(), "two"))
        settings = {
            "SERVE": "public",
            "WEB_CONCURRENCY": "1",  # a process each: two in all
            "RATELIMIT_ENABLED": "true",
            "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/0",
            "TRUSTED_PROXY_HOPS": "1",
        }
        env = prepare_lead_service(tmp_path, url, free_port(), settings)
        services, sites = [], []
        for name in "ab":
            port = free_port()
            ready, log = f"http://127.0.0.1:{port}/healthz", tmp_path / f"lead-service-{name}.log"
            process = stack.enter_context(server(GUNICORN, {**env, "BIND": f"127.0.0.1:{port}"}, ready, log))
            services.append((f"http://127.0.0.1:{port}", process))
            (tmp_path / f"web-{name}").mkdir()
            sites.append(stack.enter_context(web_process(tmp_path / f"web-{name}", services[-1][0])))
        (tmp_path / "nginx").mkdir()
        site = stack.enter_context(
            reverse_proxy(
                tmp_path / "nginx",
                tuple(url for url, _ in sites),
                tuple(url for url, _ in services),
                trusted=("127.0.0.1/32",),
            )
        )
        mail = smtp_settings(sink.port)
        workers = [start_outbox_worker(tmp_path, url, mail, name=f"outbox-{name}") for name in "ab"]
        reader = start_mailbox_reader(tmp_path, url, {})
        stack.callback(lambda: [stop(process) for process in (*workers, reader)])
        yield Deployed(site, engine, sites[0][1], services[0][1], workers[0])


def _one_visitors_limit(site: str, address: str) -> list[int]:
    """The statuses of one visitor's leads sent past the limit, nginx spreading them over both
    processes."""
    return [
        requests.post(
            f"{site}/api/contact",
            json={**CONTACT, "email": f"limited-{n}@rate.example.com"},
            headers={"X-Forwarded-For": address},
            timeout=10,
        ).status_code
        for n in range(PER_MINUTE + 4)
    ]


def _scalars(engine: Engine, query: str, **values) -> list:
    with engine.connect() as connection:
        return list(connection.execute(text(query), values).scalars())


def test_two_of_everything_with_one_of_each_killed_loses_nothing(tmp_path):
    sink = SmtpSink().start()
    traffic = Traffic(base=random.randrange(256))
    with _deployed(tmp_path, sink) as deployed:
        assert _one_visitors_limit(deployed.site, traffic.address(65535)) == [201] * PER_MINUTE + [429] * 4

        stop_sending = threading.Event()
        visitors = [
            threading.Thread(target=_visitor, args=(deployed.site, traffic, n, VISITORS, stop_sending))
            for n in range(VISITORS)
        ]
        for visitor in visitors:
            visitor.start()
        try:
            wait_for(lambda: len(traffic.acknowledged) >= 20, 60, "leads flowing")
            for process in (deployed.first_site, deployed.first_service, deployed.first_worker):
                _kill(process)
                time.sleep(3)
        finally:
            stop_sending.set()
            for visitor in visitors:
                visitor.join(RETRY_FOR_SECONDS + 15)

        pending = "SELECT count(*) FROM outbox WHERE status = 'pending'"
        wait_for(lambda: _scalars(deployed.database, pending) == [0], 60, "the other worker sending them all")
        ours = "SELECT email FROM leads WHERE email LIKE :domain"
        stored = _scalars(deployed.database, ours, domain=f"%@{DOMAIN}")
    wait_for(lambda: len(_emails(sink)) >= len(set(stored)), 10, "every stored lead's e-mail")
    emailed = _emails(sink)
    sink.stop()

    failures, span = traffic.longest_failure()
    counts = {
        "leads sent": len(traffic.sent),
        "acknowledged": len(traffic.acknowledged),
        "stored": len(stored),
        "stored more than once": len(stored) - len(set(stored)),
        "e-mailed": len(emailed),
        "e-mailed under more than one Message-ID": sum(len(set(ids)) > 1 for ids in emailed.values()),
        # A worker killed between a send and its commit: the other sends it again, as the same e-mail.
        "e-mails, copies of one included": sum(len(ids) for ids in emailed.values()),
        "requests": len(traffic.answers),
        "failed requests": sum(not ok for _, ok in traffic.answers),
        "longest run of failed requests": failures,
        "its span, seconds": round(span, 3),
    }
    (ROOT / "test-results").mkdir(exist_ok=True)
    (ROOT / "test-results/two-of-everything.json").write_text(json.dumps(counts, indent=2) + "\n")

    assert set(traffic.acknowledged) == set(traffic.sent) == set(stored) == set(emailed), counts
    assert counts["stored more than once"] == 0, counts
    assert counts["e-mailed under more than one Message-ID"] == 0, counts
    # Only the requests in flight at a kill fail: nginx sends the rest to the other process at once.
    assert failures <= VISITORS and span < 1, counts
