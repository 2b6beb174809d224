"""Every answer of the service carries the security headers, whatever its status."""

import pytest

from lead_service.intake.security_headers import HEADERS

from ..samples import CONTACT


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("post", "/api/contact", CONTACT, 201),
        ("post", "/api/contact", {}, 400),
        ("post", "/api/consent", {}, 400),
        ("get", "/healthz/ready", None, 200),
        ("get", "/api/download/profile", None, 200),
        ("get", "/api/nothing-here", None, 404),
        ("get", "/api/contact", None, 405),
    ],
)
def test_security_headers_on_every_answer(client, method, path, body, status):
    response = getattr(client, method)(path, json=body) if body is not None else getattr(client, method)(path)

    assert response.status_code == status
    for name, value in HEADERS.items():
        assert response.headers[name] == value


def test_lead_answers_are_not_cached_but_the_profile_is(client):
    assert client.post("/api/contact", json=CONTACT).headers["Cache-Control"] == "no-store"
    assert "max-age=3600" in client.get("/api/download/profile").headers["Cache-Control"]
