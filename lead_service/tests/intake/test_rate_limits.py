"""Rate limits (flask-limiter): per client address (an IPv6 client per /64) and per route, 429 JSON
with Retry-After; the address from X-Forwarded-For only through the trusted proxy hops, none by
default; shared through Redis, and still held in each process's memory while Redis is down."""

import socket
import time
import uuid

import flask_migrate
import pytest
import redis

from lead_service import create_app

from ..samples import CONTACT

LIMIT = 3


@pytest.fixture
def limited(database, profile_pdf, client):
    """An app with a small limit, so that a test can reach it; `storage` picks the store. (`client`
    clears the tables afterwards, for the other tests.)"""

    def make(storage: str = "memory://", hops: int | None = 1):
        app = create_app(
            {
                **database,
                "TESTING": True,
                "PROFILE_PDF_PATH": str(profile_pdf),
                "RATELIMIT_DEFAULT": f"{LIMIT} per minute",
                "RATELIMIT_STORAGE_URI": storage,
                # Keys of their own per app, so that apps sharing one Redis are the only link.
                "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
                # None: the service's own default, from the environment.
                **({"TRUSTED_PROXY_HOPS": hops} if hops is not None else {}),
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
        return app

    return make


def send(client, path="/api/contact", forwarded_for=None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return client.post(path, json=CONTACT, headers=headers)


def test_past_the_limit_a_client_gets_429_json_with_retry_after(limited):
    client = limited().test_client()
    answers = [send(client, forwarded_for="203.0.113.7") for _ in range(LIMIT + 1)]

    assert [answer.status_code for answer in answers] == [201] * LIMIT + [429]
    refused = answers[-1]
    assert refused.is_json and refused.json["code"] == 429
    assert int(refused.headers["Retry-After"]) > 0


def test_limits_are_per_route_and_per_client(limited):
    client = limited().test_client()
    for _ in range(LIMIT):
        send(client, forwarded_for="203.0.113.7")
    assert send(client, forwarded_for="203.0.113.7").status_code == 429
    assert send(client, forwarded_for="198.51.100.2").status_code == 201  # another visitor
    assert client.post("/api/consent", json={}, headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 400


def test_a_forwarded_for_written_by_the_visitor_does_not_reset_the_limit(limited):
    """Behind one trusted proxy that appends the address it sees, only that last entry counts."""
    client = limited(hops=1).test_client()
    answers = [send(client, forwarded_for=f"10.0.0.{n}, 203.0.113.7") for n in range(LIMIT + 2)]
    assert [answer.status_code for answer in answers][-2:] == [429, 429]


def test_two_trusted_hops_take_the_second_entry_from_the_right(limited):
    client = limited(hops=2).test_client()
    answers = [send(client, forwarded_for=f"10.0.0.{n}, 203.0.113.7, 192.0.2.1") for n in range(LIMIT + 1)]
    assert answers[-1].status_code == 429


def test_health_and_the_profile_are_not_limited(limited):
    client = limited().test_client()
    assert {client.get("/healthz").status_code for _ in range(LIMIT + 3)} == {200}
    assert {client.get("/api/download/profile").status_code for _ in range(LIMIT + 3)} == {200}


def test_ratelimit_enabled_false_turns_them_off(database, profile_pdf, client):
    app = create_app(
        {**database, "TESTING": True, "PROFILE_PDF_PATH": str(profile_pdf), "RATELIMIT_ENABLED": False}
    )
    client = app.test_client()
    assert {send(client).status_code for _ in range(12)} == {201}


def test_instances_sharing_redis_share_the_count(limited):
    try:
        redis.Redis.from_url("redis://127.0.0.1:6379/0").ping()
    except redis.ConnectionError:
        pytest.fail("the Redis server on 127.0.0.1:6379 is not running")
    first = limited("redis://127.0.0.1:6379/0")
    second = create_app({**first.config, "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/0"})
    for _ in range(LIMIT):
        assert send(first.test_client(), forwarded_for="203.0.113.9").status_code == 201
    assert send(second.test_client(), forwarded_for="203.0.113.9").status_code == 429


def test_by_default_a_forged_forwarded_for_is_not_believed(limited, monkeypatch):
    monkeypatch.delenv("TRUSTED_PROXY_HOPS", raising=False)
    client = limited(hops=None).test_client()
    answers = [send(client, forwarded_for=f"198.51.100.{n}") for n in range(LIMIT + 1)]
    assert [answer.status_code for answer in answers] == [201] * LIMIT + [429]


def test_an_ipv6_client_is_counted_per_64(limited):
    client = limited(hops=1).test_client()
    answers = [send(client, forwarded_for=f"2001:db8:7:1::{n:x}") for n in range(LIMIT + 1)]
    assert answers[-1].status_code == 429
    assert send(client, forwarded_for="2001:db8:7:2::1").status_code == 201  # another /64


def test_an_ipv4_mapped_address_counts_as_its_ipv4_address(limited):
    client = limited(hops=1).test_client()
    for _ in range(LIMIT):
        send(client, forwarded_for="203.0.113.50")
    assert send(client, forwarded_for="::ffff:203.0.113.50").status_code == 429


def test_a_store_that_is_down_still_limits_in_memory(limited):
    client = limited("redis://127.0.0.1:1/0").test_client()
    answers = [send(client, forwarded_for="203.0.113.7") for _ in range(LIMIT + 1)]
    assert [answer.status_code for answer in answers] == [201] * LIMIT + [429]


def test_a_store_that_hangs_still_limits_in_memory_without_holding_the_visitor(limited):
    with socket.create_server(("127.0.0.1", 0)) as silent:  # takes connections, never answers
        client = limited(f"redis://127.0.0.1:{silent.getsockname()[1]}/0").test_client()
        started = time.monotonic()
        answers = [send(client, forwarded_for="203.0.113.8") for _ in range(LIMIT + 1)]
        elapsed = time.monotonic() - started

    assert [answer.status_code for answer in answers] == [201] * LIMIT + [429]
    assert elapsed < 5  # one short wait for the store, not a request's time-out per request
