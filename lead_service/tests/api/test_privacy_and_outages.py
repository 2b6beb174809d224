"""Logs carry no lead's personal data, and a database outage is a 503, never a 500."""

import logging

import pytest

from lead_service import create_app

LEAD = {
    "name": "Zarina Quill",
    "company": "Quill Analytics",
    "email": "zarina.quill@quill.io",
    "phone": "+60 12-987 6543",
    "message": "Confidential: our churn model",
}
QUOTE = {**LEAD, "project": "Secret roadmap", "budget": "1000$ - 5000$ Estimated", "country": "Malaysia"}
PERSONAL = ["Zarina", "Quill", "zarina.quill", "987", "Confidential", "Secret roadmap"]


def _assert_no_personal_data(caplog):
    logged = caplog.text + " ".join(str(record.args) for record in caplog.records)
    assert [value for value in PERSONAL if value in logged] == []


def test_stored_and_rejected_leads_leave_no_personal_data_in_logs(client, caplog):
    caplog.set_level(logging.DEBUG)

    assert client.post("/api/contact", json=LEAD).status_code == 201
    assert client.post("/api/quote", json=QUOTE).status_code == 201
    assert client.post("/api/contact", json={**LEAD, "email": "zarina.quill@"}).status_code == 400
    assert client.post("/api/quote", json={**QUOTE, "phone": "987"}).status_code == 400

    assert "lead stored" in caplog.text
    _assert_no_personal_data(caplog)


@pytest.fixture
def unreachable_database(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'missing-dir' / 'leads.db'}"})
    return app.test_client()


@pytest.mark.parametrize(("path", "body"), [("/api/contact", LEAD), ("/api/quote", QUOTE)])
def test_database_outage_is_503_and_logged_without_personal_data(unreachable_database, caplog, path, body):
    response = unreachable_database.post(path, json=body)

    assert response.status_code == 503
    assert response.json["code"] == 503
    assert response.headers["Retry-After"] == "60"
    assert "lead not stored" in caplog.text
    _assert_no_personal_data(caplog)


@pytest.mark.parametrize(("path", "body"), [("/api/contact", LEAD), ("/api/quote", QUOTE)])
def test_database_outage_with_an_idempotency_key_is_503_too(unreachable_database, path, body):
    response = unreachable_database.post(path, json=body, headers={"Idempotency-Key": "retry-1"})

    assert response.status_code == 503
    assert response.json["code"] == 503


@pytest.mark.parametrize("path", ["/healthz", "/healthz/ready"])
def test_readiness_reports_a_database_outage(unreachable_database, path):
    response = unreachable_database.get(path)

    assert response.status_code == 503
    assert response.json == {"status": "unavailable", "database": "unavailable"}


def test_liveness_does_not_touch_the_database(unreachable_database):
    response = unreachable_database.get("/healthz/live")

    assert response.status_code == 200
    assert response.json == {"status": "ok"}
