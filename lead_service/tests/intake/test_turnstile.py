"""Cloudflare Turnstile, when its secret is configured: each lead's token is checked with a
siteverify endpoint (here a local stand-in, as Cloudflare cannot be reached from the tests), and a
refused or missing token is answered as a field error with nothing stored."""

import socket

import pytest

from lead_service import content, create_app
from lead_service.intake import turnstile

from ..ports import free_port
from ..receivers import Siteverify
from ..refusals import refusal
from ..samples import CONTACT, QUOTE

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

    assert (response.status_code, refusal(response)) == (400, REFUSED)
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


UNAVAILABLE = {"errors": {FIELD: [FORMS["messages"]["turnstileUnavailable"]]}}


def test_a_token_solved_on_another_site_is_refused(client, rows, siteverify):
    siteverify.good.add("their-token")
    siteverify.hostname = "elsewhere.example"

    response = client.post("/api/quote", json={**QUOTE, FIELD: "their-token"})

    assert (response.status_code, refusal(response)) == (400, REFUSED)
    assert rows("quote") == []


def test_the_hostnames_to_accept_come_from_the_site_url(monkeypatch, tmp_path):
    monkeypatch.setenv("SITE_URL", "https://www.tidewell.example/")
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    assert create_app().config["TURNSTILE_HOSTNAMES"] == ["www.tidewell.example"]
    monkeypatch.setenv("TURNSTILE_HOSTNAMES", "tidewell.example, www.tidewell.example")
    assert create_app().config["TURNSTILE_HOSTNAMES"] == ["tidewell.example", "www.tidewell.example"]


@pytest.mark.parametrize("answer", [b"<html>Bad gateway</html>", b"[true]", b'"success"'])
def test_an_answer_that_is_no_json_object_refuses_with_a_retry_message(client, rows, siteverify, answer):
    siteverify.good.add("good-token")
    siteverify.garbage = answer

    response = client.post("/api/quote", json={**QUOTE, FIELD: "good-token"})

    assert (response.status_code, refusal(response)) == (400, UNAVAILABLE)
    assert rows("quote") == []


def test_cloudflare_out_of_reach_refuses_the_lead_with_a_retry_message(client, rows, app, monkeypatch):
    monkeypatch.setitem(app.config, "TURNSTILE_SECRET_KEY", SECRET)
    monkeypatch.setitem(app.config, "TURNSTILE_VERIFY_URL", f"http://127.0.0.1:{free_port()}/siteverify")

    response = client.post("/api/quote", json={**QUOTE, FIELD: "any"})

    assert (response.status_code, refusal(response)) == (400, UNAVAILABLE)
    assert rows("quote") == [] and rows("outbox") == []


def test_cloudflare_too_slow_refuses_the_lead_with_a_retry_message(client, rows, app, monkeypatch):
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts, never answers
        monkeypatch.setitem(app.config, "TURNSTILE_SECRET_KEY", SECRET)
        monkeypatch.setitem(
            app.config, "TURNSTILE_VERIFY_URL", f"http://127.0.0.1:{silent.getsockname()[1]}/"
        )
        monkeypatch.setattr(turnstile, "_TIMEOUT_SECONDS", 0.3)

        response = client.post("/api/quote", json={**QUOTE, FIELD: "any"})

    assert (response.status_code, refusal(response)) == (400, UNAVAILABLE)
    assert rows("quote") == []


def test_off_without_a_secret(client, rows):
    assert client.post("/api/quote", json=QUOTE).status_code == 201
