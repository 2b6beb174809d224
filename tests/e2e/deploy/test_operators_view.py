"""What an operator sees of the running service, as deployed: its metrics on a port of their own
(gunicorn's, the outbox worker's and nginx's own counts), never through the public site's nginx; a
request followed by one id from nginx's log line to the service's and to the answer; and the outbox
worker's heartbeat, which `lead-service outbox health` and the readiness probe read."""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from lead_service.tests.receivers import channel_settings, wait_for
from lead_service.tests.samples import CONTACT

from ...support.servers import (
    BIN,
    free_port,
    lead_service,
    reverse_proxy,
    standalone_web,
    start_outbox_worker,
    stop,
)

pytestmark = pytest.mark.e2e

# As the load balancer in front of nginx: every request here comes from 127.0.0.1.
LOAD_BALANCER = "127.0.0.1/32"
# The worker's poll in these tests, and two of them the heartbeat's age that counts as silent (for
# the service's readiness probe as for the worker's health check).
POLL = 2


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample at `url`: {(name, sorted labels): value}."""
    answer = requests.get(url, timeout=10)
    answer.raise_for_status()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def json_lines(path: Path) -> list[dict]:
    """A log's lines, each of which must be one JSON object."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """The public part of the service on SQLite with its metrics on a port of their own, the site,
    and nginx in front believing 127.0.0.1 as a load balancer in one copy and nobody in the other."""
    home = tmp_path_factory.mktemp("operated")
    database = f"sqlite:///{home / 'leads.db'}"
    metrics = f"127.0.0.1:{free_port()}"
    settings = {
        "SERVE": "public",
        "METRICS_BIND": metrics,
        "TRUSTED_PROXY_HOPS": "1",
        "OUTBOX_STALE_SECONDS": str(2 * POLL),
    }
    nginx_home, trusted_home = tmp_path_factory.mktemp("nginx"), tmp_path_factory.mktemp("nginx-trusted")
    status_port = free_port()
    with (
        lead_service(home, database, settings) as service,
        standalone_web(tmp_path_factory.mktemp("web"), service) as site,
        reverse_proxy(nginx_home, site, service, status_port=status_port) as public,
        reverse_proxy(trusted_home, site, service, (LOAD_BALANCER,)) as trusted,
    ):
        yield {
            "home": home,
            "service": service,
            "metrics": f"http://{metrics}/metrics",
            "nginx": nginx_home,
            "public": public,
            "trusted": trusted,
            "database": database,
            "nginx_status": f"http://127.0.0.1:{status_port}/stub_status",
        }


def test_the_metrics_count_leads_and_the_outbox_on_their_own_port_and_nowhere_public(deployed):
    public = deployed["public"]
    for _ in range(2):
        assert requests.post(f"{public}/api/contact", json=CONTACT, timeout=10).status_code == 201
    assert requests.post(f"{public}/api/quote", json={"name": "x"}, timeout=10).status_code == 400
    bot = {**CONTACT, "website": "https://spam.example"}
    assert requests.post(f"{public}/api/contact", json=bot, timeout=10).status_code == 201

    samples = scrape(deployed["metrics"])

    assert samples[("leads_accepted_total", (("form", "contact"),))] >= 2
    assert samples[("leads_refused_total", (("form", "quote"), ("reason", "validation")))] >= 1
    assert samples[("leads_refused_total", (("form", "contact"), ("reason", "spam")))] >= 1
    assert (
        samples[("http_requests_total", (("method", "POST"), ("route", "/api/contact"), ("status", "201")))]
        >= 3
    )
    assert samples[("outbox_pending", (("purpose", "new_lead"),))] >= 2
    assert samples[("outbox_oldest_pending_age_seconds", ())] > 0
    assert samples[("lead_database_up", ())] == 1
    # Through the public site, and on the service's own port, the path is nobody's.
    assert requests.get(f"{public}/metrics", timeout=10).status_code == 404
    assert requests.get(f"{deployed['service']}/metrics", timeout=10).status_code == 404


def test_nginxs_own_counts_are_on_their_own_port_and_nowhere_public(deployed):
    status = requests.get(deployed["nginx_status"], timeout=10)

    assert status.status_code == 200 and "Active connections:" in status.text
    assert requests.get(f"{deployed['public']}/stub_status", timeout=10).status_code == 404


def test_a_refused_lead_is_followed_by_one_id_from_nginx_to_the_service_and_the_answer(deployed):
    answer = requests.post(
        f"{deployed['public']}/api/contact",
        json={**CONTACT, "email": "not an address"},
        # A visitor's own id is not believed: nginx makes one.
        headers={"X-Request-ID": "visitor-chosen-id-1234"},
        timeout=10,
    )

    assert answer.status_code == 400
    request_id = answer.json()["request_id"]
    assert request_id != "visitor-chosen-id-1234"
    assert answer.headers["X-Request-ID"] == request_id
    nginx = wait_for(
        lambda: [
            line for line in json_lines(deployed["nginx"] / "access.log") if line["request_id"] == request_id
        ],
        5,
        "nginx's log line",
    )
    assert [(line["method"], line["path"], line["status"]) for line in nginx] == [
        ("POST", "/api/contact", 400)
    ]
    service = [
        line
        for line in json_lines(deployed["home"] / "lead-service.log")
        if line.get("request_id") == request_id
    ]
    assert [(line["logger"], line["path"], line["status"]) for line in service] == [
        ("lead_service.access", "/api/contact", 400)
    ]
    # Nothing the visitor sent, and not their address, is in either line.
    for line in [*nginx, *service]:
        assert "not an address" not in json.dumps(line) and "127.0.0.1" not in json.dumps(line)


def test_a_trusted_load_balancers_id_is_kept_and_nginxs_own_answers_carry_theirs(deployed):
    kept = requests.post(
        f"{deployed['trusted']}/api/quote",
        json={},
        # A load balancer names the visitor it forwards.
        headers={"X-Request-ID": "lb-0123456789abcdef", "X-Forwarded-For": "203.0.113.9"},
        timeout=10,
    )
    too_large = requests.post(f"{deployed['public']}/api/contact", data="x" * 70_000, timeout=10)

    assert kept.json()["request_id"] == kept.headers["X-Request-ID"] == "lb-0123456789abcdef"
    assert too_large.status_code == 413
    assert too_large.json()["request_id"] == too_large.headers["X-Request-ID"]
    assert len(too_large.json()["request_id"]) == 32


def _health(home: Path, database: str, settings: dict[str, str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database, "LEAD_SERVICE_INSTANCE_PATH": str(home), **settings}
    command = [BIN / "lead-service", "outbox", "health"]
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False)


def test_a_stopped_worker_is_unhealthy_within_two_poll_intervals_and_ready_says_so(deployed, receivers):
    smtp, hook = receivers
    settings = {
        **channel_settings(smtp.port, hook),
        "OUTBOX_POLL_SECONDS": str(POLL),
        "OUTBOX_STALE_SECONDS": str(2 * POLL),
        "METRICS_BIND": f"127.0.0.1:{free_port()}",
    }
    home, database = deployed["home"], deployed["database"]
    for _ in range(2):
        assert requests.post(f"{deployed['public']}/api/contact", json=CONTACT, timeout=10).status_code == 201
    worker = start_outbox_worker(home, database, settings)
    try:
        wait_for(lambda: len(smtp.messages) >= 2, 15, "the leads' e-mails")
        alive = _health(home, database, settings)
        ready = requests.get(f"{deployed['service']}/healthz/ready", timeout=10).json()
        samples = scrape(f"http://{settings['METRICS_BIND']}/metrics")
        beat_age = scrape(deployed["metrics"])[("outbox_worker_heartbeat_age_seconds", ())]
    finally:
        stop(worker)
    stopped_at = time.monotonic()

    assert alive.returncode == 0, alive.stderr
    assert "beats" in alive.stdout
    assert ready == {"status": "ok", "database": "ok", "outbox_worker": "ok"}
    assert samples[("outbox_deliveries_total", (("channel", "email"), ("result", "sent")))] >= 2
    assert samples[("outbox_deliveries_total", (("channel", "webhook"), ("result", "sent")))] >= 2
    assert beat_age < 2 * POLL
    time.sleep(max(0.0, stopped_at + 2 * POLL - time.monotonic()))
    silent = _health(home, database, settings)
    assert silent.returncode == 1
    assert "the outbox worker is silent" in silent.stderr
    # Intake goes on: ready says it, and stays 200.
    late = requests.get(f"{deployed['service']}/healthz/ready", timeout=10)
    assert (late.status_code, late.json()["outbox_worker"]) == (200, "stale")
