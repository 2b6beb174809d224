"""POST /api/consent: the proof of a cookie choice, validated and stored without the visitor's address."""

import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lead_service.models.leads import ConsentRecord

from ..refusals import refusal
from .test_fuzz import json_values

VALID = {
    "consent_id": "5f0c7d4e-8a51-4f1e-9a39-2b7c1c0e6d21",
    "essential": True,
    "analytics": True,
    "marketing": False,
    "version": "2026-11-22",
}


def test_a_choice_is_stored_with_the_server_time_and_acknowledged(client, rows):
    before = datetime.now(UTC)
    response = client.post("/api/consent", json=VALID, headers={"X-Forwarded-For": "203.0.113.9"})

    assert response.status_code == 201
    [stored] = rows("consent")
    assert response.json == {"id": stored.id, "status": "recorded"}
    assert (stored.consent_id, stored.essential, stored.analytics, stored.marketing, stored.version) == (
        VALID["consent_id"],
        True,
        True,
        False,
        VALID["version"],
    )
    created = stored.created_at if stored.created_at.tzinfo else stored.created_at.replace(tzinfo=UTC)
    assert before - timedelta(seconds=1) <= created <= datetime.now(UTC) + timedelta(seconds=1)


def test_no_column_can_hold_the_visitors_address(app):
    assert set(ConsentRecord.__table__.columns.keys()) == {
        "id",
        "created_at",
        "consent_id",
        "essential",
        "analytics",
        "marketing",
        "version",
    }


def test_each_save_is_a_row_of_its_own(client, rows):
    for analytics in (True, False):
        assert client.post("/api/consent", json={**VALID, "analytics": analytics}).status_code == 201
    assert [row.analytics for row in rows("consent")] == [True, False]


def test_the_id_is_stored_in_its_canonical_form(client, rows):
    compact = uuid.UUID(VALID["consent_id"]).hex.upper()
    assert client.post("/api/consent", json={**VALID, "consent_id": compact}).status_code == 201
    assert rows("consent")[0].consent_id == VALID["consent_id"]


def test_unknown_fields_are_ignored(client, rows):
    response = client.post("/api/consent", json={**VALID, "ip": "203.0.113.9", "userAgent": "x"})
    assert response.status_code == 201
    assert len(rows("consent")) == 1


def test_a_missing_body_names_every_field(client, rows):
    response = client.post("/api/consent", json={})

    assert response.status_code == 400
    assert set(response.json["errors"]) == set(VALID)
    assert rows("consent") == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("consent_id", "not-a-uuid"),
        ("consent_id", 42),
        ("consent_id", None),
        ("essential", False),
        ("essential", "true"),
        ("analytics", 1),
        ("analytics", "yes"),
        ("analytics", None),
        ("marketing", 0),
        ("marketing", []),
        ("version", ""),
        ("version", "x" * 33),
        ("version", "2026/11/22"),
        ("version", 20261122),
    ],
)
def test_each_field_is_checked(client, rows, field, value):
    response = client.post("/api/consent", json={**VALID, field: value})

    assert response.status_code == 400
    assert list(response.json["errors"]) == [field]
    assert rows("consent") == []


def test_a_body_that_is_not_an_object(client):
    response = client.post("/api/consent", json=[VALID])
    assert response.status_code == 400
    assert refusal(response) == {"errors": {"_schema": ["Send the consent as a JSON object."]}}


consent_like = st.fixed_dictionaries(
    {},
    optional={
        "consent_id": st.uuids().map(str) | json_values,
        "essential": st.booleans() | json_values,
        "analytics": st.booleans() | json_values,
        "marketing": st.booleans() | json_values,
        "version": st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9._-]{0,40}\Z") | json_values,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values | consent_like)
def test_no_body_gets_a_5xx(client, body):
    response = client.post("/api/consent", data=json.dumps(body), content_type="application/json")

    assert response.status_code in (201, 400)
    assert response.is_json
