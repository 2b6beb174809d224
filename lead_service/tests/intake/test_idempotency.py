"""Idempotency-Key: a retry of the same request gets the first answer and stores nothing new."""

import hashlib
import hmac
import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from lead_service.extensions import db
from lead_service.models.leads import IdempotencyKey

from ..samples import CONTACT, QUOTE


def post(client, path, body, key):
    return client.post(
        path, data=json.dumps(body), content_type="application/json", headers={"Idempotency-Key": key}
    )


@pytest.mark.parametrize(
    ("path", "kind", "lead"), [("/api/contact", "contact", CONTACT), ("/api/quote", "quote", QUOTE)]
)
def test_a_retry_gets_the_first_answer_and_stores_nothing_new(client, rows, path, kind, lead):
    key = str(uuid.uuid4())
    first = post(client, path, lead, key)
    again = post(client, path, lead, key)

    assert first.status_code == again.status_code == 201
    assert again.json == first.json
    assert [row.id for row in rows(kind)] == [first.json["id"]]


def test_the_same_key_with_another_body_is_refused(client, rows):
    key = str(uuid.uuid4())
    assert post(client, "/api/contact", CONTACT, key).status_code == 201
    other = post(client, "/api/contact", {**CONTACT, "message": "Something else"}, key)

    assert other.status_code == 422
    assert other.json["code"] == 422
    assert len(rows("contact")) == 1


def test_a_key_belongs_to_its_endpoint(client, rows):
    key = str(uuid.uuid4())
    assert post(client, "/api/contact", CONTACT, key).status_code == 201
    assert post(client, "/api/quote", QUOTE, key).status_code == 201
    assert (len(rows("contact")), len(rows("quote"))) == (1, 1)


def test_without_a_key_each_request_is_a_new_lead(client, rows):
    client.post("/api/contact", json=CONTACT)
    client.post("/api/contact", json=CONTACT)
    assert len(rows("contact")) == 2


def test_a_refused_request_is_not_remembered(client, rows):
    key = str(uuid.uuid4())
    assert post(client, "/api/contact", {**CONTACT, "email": "bad"}, key).status_code == 400
    assert post(client, "/api/contact", {**CONTACT, "email": "bad"}, key).status_code == 400
    assert rows("contact") == []


def test_after_24_hours_the_key_is_new_again(client, rows, app):
    key = str(uuid.uuid4())
    first = post(client, "/api/contact", CONTACT, key)
    with app.app_context():
        db.session.execute(update(IdempotencyKey).values(created_at=datetime.now(UTC) - timedelta(hours=25)))
        db.session.commit()
    later = post(client, "/api/contact", CONTACT, key)

    assert later.status_code == 201
    assert later.json["id"] != first.json["id"]
    assert len(rows("contact")) == 2


@pytest.mark.parametrize("key", ["", "x" * 256, "clé", "has space"])
def test_a_malformed_key_is_a_clear_400(client, rows, key):
    response = post(client, "/api/contact", CONTACT, key)
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json["description"]
    assert rows("contact") == []


def test_a_stored_key_cannot_confirm_a_guessed_lead(client, app):
    """The request is stored as an HMAC under the service's secret, never as a plain hash that a
    guess at a lead could be checked against."""
    body = json.dumps(CONTACT)
    client.post("/api/contact", data=body, content_type="application/json", headers={"Idempotency-Key": "k"})

    with app.app_context():
        row = db.session.get(IdempotencyKey, ("leads.create_contact", "k"))
        canonical = json.dumps(json.loads(body), sort_keys=True, ensure_ascii=False).encode()
        message = b"leads.create_contact\n" + canonical
        assert (
            row.request_digest
            == hmac.new(app.config["SECRET_KEY"].encode(), message, hashlib.sha256).hexdigest()
        )
        assert row.request_digest != hashlib.sha256(message).hexdigest()
        assert (row.lead_id, row.consent_id) == (json.loads(row.response)["id"], None)


def test_a_lone_surrogate_with_a_key_is_a_field_error(client, rows):
    body = '{"name": "\\ud800", "email": "a@b.co"}'
    response = client.post(
        "/api/contact", data=body, content_type="application/json", headers={"Idempotency-Key": "k"}
    )

    assert response.status_code == 400
    assert "name" in response.json["errors"]
