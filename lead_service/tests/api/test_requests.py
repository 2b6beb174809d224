"""What every request gets back that is not a valid lead: JSON errors, never a 500."""

import json

import pytest

from ..refusals import refusal

ENDPOINTS = ["/api/contact", "/api/quote"]


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_wrong_content_type_is_415(client, path, content_type):
    response = client.post(path, data="name=x", content_type=content_type)

    assert response.status_code == 415
    assert response.is_json
    assert response.json["code"] == 415


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("body", [b"", b"{", b"name=x", b"\xff\xfe\x00", b"[" * 20000, b"9" * 5000])
def test_body_that_is_not_json_is_400(client, path, body):
    response = client.post(path, data=body, content_type="application/json")

    assert response.status_code == 400
    assert refusal(response) == {
        "code": 400,
        "message": "Bad Request",
        "description": "The request body is not valid JSON.",
    }


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("body", [[], "text", 3, None, True])
def test_json_that_is_not_an_object_is_400(client, path, body):
    response = client.post(path, data=json.dumps(body), content_type="application/json")

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"_schema": ["Send the form as a JSON object."]}}


@pytest.mark.parametrize("path", ENDPOINTS)
def test_body_over_the_limit_is_413(app, client, path, rows):
    limit = app.config["MAX_CONTENT_LENGTH"]
    response = client.post(path, json={"name": "x", "message": "m" * limit})

    assert response.status_code == 413
    assert response.json["code"] == 413
    assert rows("contact") == [] and rows("quote") == []


@pytest.mark.parametrize("path", ["/", "/api", "/api/leads", "/api/download/other", "/api/contact/1"])
def test_unknown_path_is_404_json(client, path):
    response = client.get(path)

    assert response.status_code == 404
    assert response.json["code"] == 404 and response.json["message"] == "Not Found"


@pytest.mark.parametrize("path", ENDPOINTS)
def test_wrong_method_is_405_json(client, path):
    response = client.get(path)

    assert response.status_code == 405
    assert response.json["code"] == 405
    assert "POST" in response.headers["Allow"]


@pytest.mark.parametrize("path", ["/healthz", "/healthz/ready"])
def test_readiness_reports_the_database(client, path):
    response = client.get(path)

    assert response.status_code == 200
    # No outbox worker has run on this database.
    assert response.json == {"status": "ok", "database": "ok", "outbox_worker": "none"}


def test_liveness_answers(client):
    assert client.get("/healthz/live").json == {"status": "ok"}
