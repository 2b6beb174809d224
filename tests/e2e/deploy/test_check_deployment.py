"""`lead-service check-deployment` against the deployment's topology on this machine: nginx on
deploy/nginx.conf in front of the site's two servers and the lead service's two parts, with an
outbox worker e-mailing the team, on SQLite and on PostgreSQL. It passes and leaves nothing
behind, tells the team nothing, and fails naming its step when the worker is stopped or the
check's key is not the service's, deleting its lead all the same."""

import os
import subprocess
from contextlib import contextmanager

import pytest
import requests
from sqlalchemy import create_engine, text

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from lead_service.tests.samples import CONTACT

from ...support.inbox import inbox_site
from ...support.servers import BIN, free_port, postgres_schema, postgres_url, start_outbox_worker, stop

pytestmark = pytest.mark.e2e

SECRET_KEY = "the deployment's own secret key"
STEPS = ("site", "lead", "stored", "queued", "worker", "mailbox", "inbox", "metrics", "erase")


@contextmanager
def _database(kind: str, tmp):
    if kind == "postgresql":
        with postgres_schema(postgres_url(), "check") as found:
            yield found
        return
    url = f"sqlite:///{tmp / 'leads.db'}"
    engine = create_engine(url)
    yield url, engine
    engine.dispose()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def deployment(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("deployment")
    sink = SmtpSink().start()
    metrics = f"127.0.0.1:{free_port()}"
    worker_settings = {**smtp_settings(sink.port), "SECRET_KEY": SECRET_KEY, "METRICS_BIND": metrics}
    with (
        _database(request.param, tmp) as (database, engine),
        inbox_site(tmp, database, engine, behind_nginx=True, settings={"SECRET_KEY": SECRET_KEY}) as site,
    ):
        found = {"site": site, "sink": sink, "tmp": tmp, "metrics": f"http://{metrics}/metrics"}
        found["settings"] = worker_settings
        found["worker"] = start_outbox_worker(tmp, database, worker_settings)
        try:
            yield found
        finally:
            stop(found["worker"])
    sink.stop()


def check(deployment, *options: str, **settings: str) -> subprocess.CompletedProcess:
    site = deployment["site"]
    env = {
        **os.environ,
        "DATABASE_URL": site.database,
        "INBOX_URL": site.url,
        "SECRET_KEY": SECRET_KEY,
        "LEAD_SERVICE_INSTANCE_PATH": str(deployment["tmp"] / "check"),
        **settings,
    }
    command = [BIN / "lead-service", "check-deployment", site.site, *options]
    return subprocess.run(command, check=False, env=env, capture_output=True, text=True, timeout=120)


def steps(output: str) -> dict[str, str]:
    """{step: ok, skip or FAIL} as the check printed them."""
    found = {}
    for line in output.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("ok", "skip", "FAIL"):
            found[words[1]] = words[0]
    return found


def leads(deployment) -> list[str]:
    with deployment["site"].engine.connect() as connection:
        return list(connection.execute(text("SELECT email FROM leads ORDER BY id")).scalars())


def test_the_check_passes_tells_nobody_and_leaves_nothing(deployment):
    visitor = f"{deployment['site'].site}/api/contact"
    assert requests.post(visitor, json=CONTACT, timeout=10).status_code == 201
    wait_for(lambda: len(deployment["sink"].messages) == 1, 30, "the visitor's lead e-mailed")

    done = check(deployment, "--metrics", deployment["metrics"], "--wait", "20")

    assert done.returncode == 0, done.stdout + done.stderr
    assert steps(done.stdout) == {**dict.fromkeys(STEPS, "ok"), "mailbox": "skip"}
    assert "The deployment works." in done.stdout
    assert leads(deployment) == [CONTACT["email"]]
    assert len(deployment["sink"].messages) == 1  # the check's lead was taken, and e-mailed to nobody


def test_a_key_not_the_services_fails_at_the_lead(deployment):
    done = check(deployment, SECRET_KEY="not the deployment's key")

    assert done.returncode == 1
    assert steps(done.stdout) == {"site": "ok", "lead": "FAIL", "erase": "ok"}
    assert "answered 403" in done.stdout
    assert 'the deployment check failed at "lead"' in done.stderr


def test_with_the_worker_stopped_it_fails_at_the_worker_and_deletes_its_lead(deployment):
    stop(deployment["worker"])
    try:
        done = check(deployment, "--wait", "3")
    finally:
        deployment["worker"] = start_outbox_worker(
            deployment["tmp"], deployment["site"].database, deployment["settings"], name="outbox-again"
        )

    assert done.returncode == 1
    assert steps(done.stdout) == {**dict.fromkeys(STEPS[:4], "ok"), "worker": "FAIL", "erase": "ok"}
    assert "no outbox worker took it within 3 s" in done.stdout
    assert 'the deployment check failed at "worker"' in done.stderr
    assert "deployment-check@example.com" not in leads(deployment)
