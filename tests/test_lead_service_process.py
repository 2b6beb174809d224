"""The lead service as operators run it: gunicorn with two workers on the SQLite default."""

from concurrent.futures import ThreadPoolExecutor

import requests
from sqlalchemy import text


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
        stored = dict(connection.execute(text("SELECT id, message FROM contact_messages")).all())
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
    assert '"POST /api/contact" 201' in log
    assert "private.person" not in log and "Private Person" not in log and "127.0.0.1 " not in log
