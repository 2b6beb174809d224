"""What the service tells operators, in-process on both databases: each try at a lead counted by
its outcome, requests by their route (never a visitor's path or method), the outbox's state as
gauges, the worker's heartbeat read by the readiness probe and `outbox health`, and a request id on
every answer. tests/e2e/deploy/test_operators_view.py serves them as deployed."""

from datetime import UTC, datetime, timedelta

import pytest
from prometheus_client import REGISTRY, CollectorRegistry
from sqlalchemy import delete

from lead_service import create_app
from lead_service.extensions import db
from lead_service.models.leads import Lead, OutboxMessage, WorkerHeartbeat
from lead_service.outbox import heartbeat
from lead_service.outbox.gauges import PURPOSES, OutboxState

from .samples import CONTACT


def counted(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
def no_heartbeats(app):
    yield
    with app.app_context():
        db.session.execute(delete(WorkerHeartbeat))
        db.session.commit()


def test_each_try_at_a_lead_is_counted_by_its_form_and_outcome(client):
    before = {
        "accepted": counted("leads_accepted_total", form="caseStudiesContact"),
        "validation": counted("leads_refused_total", form="quote", reason="validation"),
        "spam": counted("leads_refused_total", form="contact", reason="spam"),
        "created": counted("http_requests_total", route="/api/contact", method="POST", status="201"),
    }

    case_study = {"form": "caseStudiesContact", "name": "Omar", "email": "omar@example.org", "message": "Hi"}
    assert client.post("/api/contact", json=case_study).status_code == 201
    assert client.post("/api/quote", json={"form": "a-form-of-my-own"}).status_code == 400
    assert client.post("/api/contact", json={**CONTACT, "website": "https://bot.example"}).status_code == 201

    assert counted("leads_accepted_total", form="caseStudiesContact") == before["accepted"] + 1
    assert counted("leads_refused_total", form="quote", reason="validation") == before["validation"] + 1
    # A bot's lead is answered as any other, and counted apart.
    assert counted("leads_refused_total", form="contact", reason="spam") == before["spam"] + 1
    assert (
        counted("http_requests_total", route="/api/contact", method="POST", status="201")
        == before["created"] + 2
    )
    # Whatever a body claims its form to be, only the forms there are make series.
    assert (
        REGISTRY.get_sample_value("leads_refused_total", {"form": "a-form-of-my-own", "reason": "validation"})
        is None
    )


def test_a_visitors_path_and_method_make_no_series_of_their_own(client):
    before = counted("http_requests_total", route="unmatched", method="other", status="405")

    assert client.get("/no/such/page/nadia@brightfield.co").status_code == 404
    assert client.open("/api/contact", method="BREW").status_code == 405

    assert counted("http_requests_total", route="unmatched", method="other", status="405") == before + 1
    exposed = {sample.labels.get("route") for metric in REGISTRY.collect() for sample in metric.samples}
    assert not any("nadia" in (route or "") for route in exposed)


def test_a_rate_limited_lead_is_counted_as_refused_by_the_limit(database, tmp_path, monkeypatch):
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    limited = create_app({**database, "TESTING": True, "RATELIMIT_DEFAULT": "1 per minute"})
    client = limited.test_client()
    before = counted("leads_refused_total", form="quote", reason="limit")

    statuses = [client.post("/api/quote", json={}).status_code for _ in range(2)]

    assert statuses == [400, 429]
    assert counted("leads_refused_total", form="quote", reason="limit") == before + 1


def test_every_answer_carries_its_request_id_and_a_well_formed_one_is_kept(client):
    passed = client.post("/api/contact", json={}, headers={"X-Request-ID": "nginx-0123456789abcdef"})
    forged = client.post("/api/contact", json={}, headers={"X-Request-ID": 'x" "status": 200'})
    made = client.get("/healthz/live")

    assert passed.json["request_id"] == passed.headers["X-Request-ID"] == "nginx-0123456789abcdef"
    assert forged.json["request_id"] == forged.headers["X-Request-ID"] != 'x" "status": 200'
    assert len(made.headers["X-Request-ID"]) == 32


def _gauges(app) -> dict[tuple[str, tuple], float]:
    registry = CollectorRegistry()
    registry.register(OutboxState(app))
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for metric in registry.collect()
        for sample in metric.samples
    }


def test_the_outbox_gauges_say_what_waits_since_when_what_died_and_when_a_worker_beat(
    app, client, no_heartbeats
):
    assert client.post("/api/contact", json=CONTACT).status_code == 201
    with app.app_context():
        waiting = db.session.get(OutboxMessage, db.session.query(OutboxMessage.id).scalar())
        waiting.created_at = datetime.now(UTC) - timedelta(minutes=7)
        db.session.get(Lead, waiting.lead_id).awaiting_rules = True  # as if there were rules
        db.session.add(OutboxMessage(purpose="reply", status="dead"))
        beat = datetime.now(UTC) - timedelta(seconds=42)
        db.session.add(WorkerHeartbeat(name="worker-a", started_at=beat, beat_at=beat))
        db.session.commit()

    gauges = _gauges(app)

    assert gauges[("lead_database_up", ())] == 1
    assert gauges[("outbox_pending", (("purpose", "new_lead"),))] == 1
    assert gauges[("outbox_dead", (("purpose", "reply"),))] == 1
    # Every purpose is there, 0 when none waits, so that an alert's sum never meets a gap.
    assert {labels[0][1] for name, labels in gauges if name == "outbox_dead"} == set(PURPOSES)
    assert 7 * 60 <= gauges[("outbox_oldest_pending_age_seconds", ())] < 8 * 60
    assert 42 <= gauges[("outbox_worker_heartbeat_age_seconds", ())] < 60
    assert gauges[("leads_awaiting_rules", ())] == 1


def test_a_database_that_is_away_reads_as_down(tmp_path, monkeypatch):
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    away = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none"})

    assert _gauges(away) == {("lead_database_up", ()): 0}


def test_readiness_and_health_tell_a_beating_worker_from_a_silent_one(app, client, runner, no_heartbeats):
    with app.app_context():
        heartbeat.Heartbeat(poll_seconds=1).start()
    beating_ready, beating = client.get("/healthz/ready").json, runner.invoke(args=["outbox", "health"])
    with app.app_context():
        stale = datetime.now(UTC) - timedelta(seconds=app.config["OUTBOX_STALE_SECONDS"] + 1)
        db.session.get(WorkerHeartbeat, heartbeat.HOST).beat_at = stale
        db.session.commit()
    silent_ready, silent = client.get("/healthz/ready"), runner.invoke(args=["outbox", "health"])

    assert beating_ready["outbox_worker"] == "ok"
    assert beating.exit_code == 0, beating.output
    # Intake goes on without the worker: ready says so, and stays 200.
    assert (silent_ready.status_code, silent_ready.json["outbox_worker"]) == (200, "stale")
    assert silent.exit_code == 1
    assert "the outbox worker is silent" in silent.output


def test_a_heartbeat_is_written_at_most_twice_a_poll_and_old_workers_are_forgotten(app, no_heartbeats):
    with app.app_context():
        gone = datetime.now(UTC) - timedelta(days=8)
        db.session.add(WorkerHeartbeat(name="replaced-container", started_at=gone, beat_at=gone))
        db.session.commit()
        beating = heartbeat.Heartbeat(poll_seconds=60, name="worker-b")
        beating.start()
        first = db.session.get(WorkerHeartbeat, "worker-b").beat_at
        beating.beat()  # within half a poll of the last: not written
        db.session.expire_all()

        assert db.session.get(WorkerHeartbeat, "worker-b").beat_at == first
        assert db.session.get(WorkerHeartbeat, "replaced-container") is None
