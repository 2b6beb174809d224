"""The lead service as operators run it: gunicorn with two workers on the SQLite default."""

import json
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from sqlalchemy import text

from ...support.servers import lead_service

pytestmark = pytest.mark.e2e


def _contact(number: int) -> dict[str, str]:
    return {
        "name": f"Visitor Numbered {number}",
        "company": "Parallel Ltd",
        "email": f"visitor{number}@parallel.io",
        "phone": f"+60 12-000 {number:04d}",
        "message": f"Message number {number}",
    }


def test_concurrent_leads_are_all_acknowledged_and_stored(lead_service_url, lead_engine):
    with requests.Session() as session, ThreadPoolExecutor(max_workers=16) as pool:
        responses = list(
            pool.map(
                lambda n: session.post(f"{lead_service_url}/api/contact", json=_contact(n), timeout=30),
                range(60),
            )
        )

    assert [response.status_code for response in responses] == [201] * 60
    acknowledged = {response.json()["id"]: number for number, response in enumerate(responses)}
    with lead_engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT id, message FROM leads WHERE form = 'contact'")).all())
    assert {lead_id: stored.get(lead_id) for lead_id in acknowledged} == {
        lead_id: f"Message number {number}" for lead_id, number in acknowledged.items()
    }


def test_access_and_error_logs_hold_no_personal_data(lead_service_url, lead_service_home):
    lead = {**_contact(7777), "email": "private.person@secret.io", "name": "Private Person"}
    assert requests.post(f"{lead_service_url}/api/contact", json=lead, timeout=10).status_code == 201
    assert (
        requests.post(
            f"{lead_service_url}/api/contact", json={**lead, "email": "private.person@"}, timeout=10
        ).status_code
        == 400
    )

    log = (lead_service_home / "lead-service.log").read_text()
    # One JSON object a line, gunicorn's own included.
    lines = [json.loads(line) for line in log.splitlines()]
    requests_logged = {
        (line["path"], line["status"]) for line in lines if line["logger"] == "lead_service.access"
    }
    assert {("/api/contact", 201), ("/api/contact", 400)} <= requests_logged
    assert "private.person" not in log and "Private Person" not in log and "127.0.0.1 " not in log


def test_two_copies_of_a_request_at_once_store_one_lead_and_get_one_answer(lead_service_url, lead_engine):
    """Each request goes out twice at the same moment with one Idempotency-Key, as a phone that
    retries before the first answer arrives would send it; the two workers race for the key."""
    keys = [str(uuid.uuid4()) for _ in range(20)]
    start = {key: threading.Barrier(2) for key in keys}

    def send(key: str) -> requests.Response:
        body = {**_contact(0), "email": f"twice-{key}@parallel.io"}
        start[key].wait()
        return requests.post(
            f"{lead_service_url}/api/contact", json=body, headers={"Idempotency-Key": key}, timeout=30
        )

    with ThreadPoolExecutor(max_workers=40) as pool:
        answers = list(pool.map(send, [key for key in keys for _ in range(2)]))

    assert [answer.status_code for answer in answers] == [201] * 40
    ids = [answer.json()["id"] for answer in answers]
    assert all(ids[i] == ids[i + 1] for i in range(0, 40, 2))
    with lead_engine.connect() as connection:
        stored = connection.execute(
            text("SELECT id FROM leads WHERE email LIKE 'twice-%@parallel.io'")
        ).scalars()
        assert sorted(stored) == sorted(set(ids))


def test_a_forged_forwarded_for_straight_to_a_default_gunicorn_meets_the_limit(tmp_path):
    """With its defaults the service believes no forwarding header: a script that writes a new
    X-Forwarded-For (or Forwarded, or X-Real-IP) on each post is still one client."""
    # One process: each counts in its own memory (make run's store), so two would split the count.
    settings = {"RATELIMIT_ENABLED": "true", "WEB_CONCURRENCY": "1"}
    with lead_service(tmp_path, f"sqlite:///{tmp_path / 'leads.db'}", settings) as url:
        statuses = [
            requests.post(
                f"{url}/api/contact",
                json=_contact(number),
                headers={
                    "X-Forwarded-For": f"198.51.100.{number}",
                    "Forwarded": f"for=198.51.100.{number}",
                    "X-Real-IP": f"198.51.100.{number}",
                },
                timeout=10,
            ).status_code
            for number in range(12)
        ]

    # The default limit: 10 a minute per client and route.
    assert statuses == [201] * 10 + [429] * 2


def test_the_server_has_its_instance_key_from_start_up(tmp_path):
    """Without SECRET_KEY, gunicorn makes the instance's key as it starts, readable by its owner
    alone, rather than on a visitor's first retry-safe request."""
    with lead_service(tmp_path, f"sqlite:///{tmp_path / 'leads.db'}"):
        key = tmp_path / "secret_key"  # looked at before any request but the health check
        assert len(key.read_text()) == 64
        assert key.stat().st_mode & 0o777 == 0o600
