"""Cloudflare Turnstile, when its secret is configured: each lead's token is checked with a
siteverify endpoint (here a local stand-in, as Cloudflare cannot be reached from the tests), and a
refused or missing token is answered as a field error with nothing stored."""

import pytest

from lead_service import content

from .receivers import Siteverify, free_port
from .test_commands import CONTACT, QUOTE

FORMS = content.load("forms")
FIELD = FORMS["turnstileField"]
REFUSED = {"errors": {FIELD: [FORMS["messages"]["turnstile"]]}}
SECRET = "0x4AAAAAAA-test-secret"


@pytest.fixture
def siteverify(app, monkeypatch):
    verifier = Siteverify(SECRET)
    monkeypatch.setitem(app.config, "TURNSTILE_SECRET_KEY", SECRET)
    monkeypatch.setitem(app.config, "TURNSTILE_VERIFY_URL", verifier.url)
    yield verifier
    verifier.stop()


@pytest.mark.parametrize(
    ("path", "kind", "lead"), [("/api/contact", "contact", CONTACT), ("/api/quote", "quote", QUOTE)]
)
def test_a_good_token_lets_the_lead_in(client, rows, siteverify, path, kind, lead):
    siteverify.good.add("good-token")

    response = client.post(path, json={**lead, FIELD: "good-token"})

    assert response.status_code == 201
    assert len(rows(kind)) == 1 and len(rows("outbox")) == 1
    assert siteverify.calls == [{"secret": SECRET, "response": "good-token", "remoteip": "127.0.0.1"}]


@pytest.mark.parametrize("token", [None, "", "spent-or-forged", "x" * 2049, 42])
def test_a_missing_or_refused_token_is_a_field_error_and_nothing_is_stored(client, rows, siteverify, token):
    body = {**QUOTE, FIELD: token} if token is not None else QUOTE

    response = client.post("/api/quote", json=body)

    assert (response.status_code, response.json) == (400, REFUSED)
    assert rows("quote") == [] and rows("outbox") == []


def test_fields_are_checked_first_so_a_visitor_fixing_one_keeps_the_token(client, siteverify):
    siteverify.good.add("good-token")

    invalid = client.post("/api/quote", json={**QUOTE, "name": "", FIELD: "good-token"})
    fixed = client.post("/api/quote", json={**QUOTE, FIELD: "good-token"})

    assert (invalid.status_code, FIELD in invalid.json["errors"], fixed.status_code) == (400, False, 201)


def test_a_retry_with_a_new_token_is_answered_from_the_first(client, rows, siteverify):
    siteverify.good.add("first-token")
    headers = {"Idempotency-Key": "c0ffee-retry"}

    first = client.post("/api/quote", json={**QUOTE, FIELD: "first-token"}, headers=headers)
    retry = client.post("/api/quote", json={**QUOTE, FIELD: "another-token"}, headers=headers)

    assert (first.status_code, retry.status_code, retry.json) == (201, 201, first.json)
    assert len(rows("quote")) == 1 and len(siteverify.calls) == 1


def test_cloudflare_out_of_reach_lets_the_lead_in(client, rows, app, monkeypatch):
    monkeypatch.setitem(app.config, "TURNSTILE_SECRET_KEY", SECRET)
    monkeypatch.setitem(app.config, "TURNSTILE_VERIFY_URL", f"http://127.0.0.1:{free_port()}/siteverify")

    assert client.post("/api/quote", json={**QUOTE, FIELD: "any"}).status_code == 201
    assert len(rows("quote")) == 1


def test_off_without_a_secret(client, rows):
    assert client.post("/api/quote", json=QUOTE).status_code == 201
