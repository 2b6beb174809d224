"""The webhook endpoints' deliveries, to a real receiver on 127.0.0.1 that verifies each one with
the `standardwebhooks` library: retried on 5xx until taken, failed at once on a 400, sent again
with the same webhook-id, in order per lead, never to a private address unless allowed, and an
endpoint failing for 3 days switched off with its admins told. lead.created is fanned out by the
worker from the lead's one outbox row. On SQLite and on PostgreSQL."""

import ipaddress
import multiprocessing
import socket
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from lead_service.extensions import db
from lead_service.models.leads import OutboxMessage
from lead_service.models.staff import StaffUser
from lead_service.models.webhooks import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from lead_service.outbox import queue, webhook_delivery
from lead_service.outbox.channels import WebhookFanout
from lead_service.webhooks import events, sending
from lead_service.webhooks.addresses import RefusedAddress, resolve
from lead_service.webhooks.signing import new_secret, standard_headers

from ..receivers import WebhookReceiver
from ..samples import QUOTE

LOOPBACK = (ipaddress.ip_network("127.0.0.1/32"),)


@pytest.fixture
def webhooks(app, client, monkeypatch):
    """127.0.0.1 allowed, and every retry due at once (the schedule scaled to 0)."""
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOWED_NETWORKS", LOOPBACK)
    monkeypatch.setitem(app.config, "WEBHOOK_RETRY_SCALE", 0)
    return app


@pytest.fixture
def receiver():
    hook = WebhookReceiver(new_secret()).start()
    yield hook
    hook.stop()


def add_endpoint(app, url: str, secret: str, wanted: list[str], **values) -> int:
    with app.app_context():
        endpoint = WebhookEndpoint(url=url, events=wanted, secret=secret, **values)
        db.session.add(endpoint)
        db.session.commit()
        return endpoint.id


def record(app, event: str, lead_id: int | None = 7) -> None:
    with app.app_context():
        events.record(event, lead_id, {"lead_id": lead_id, "status": "contacted"})
        db.session.commit()


def deliver(app) -> int:
    """The worker's webhook step until nothing is due: how many tries it made."""
    tries = 0
    with app.app_context():
        while batch := webhook_delivery.deliver_batch():
            tries += batch
    return tries


def deliveries(app) -> list[tuple[str, int, int]]:
    """Each delivery's status, attempts counted and tries logged."""
    with app.app_context():
        found = db.session.scalars(select(WebhookDelivery).order_by(WebhookDelivery.id)).all()
        logged = db.session.scalars(select(WebhookAttempt.delivery_id)).all()
        return [(row.status, row.attempts, logged.count(row.id)) for row in found]


def test_a_receiver_answering_503_three_times_gets_it_once_delivered_after_four_tries(webhooks, receiver):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    record(webhooks, "lead.status_changed")
    receiver.statuses = [503, 503, 503]
    receiver.answer = b"busy " * 200

    assert deliver(webhooks) == 4

    assert [d["status"] for d in receiver.deliveries] == [503, 503, 503, 204]
    assert all(d["verified"] for d in receiver.deliveries)
    assert len({d["webhook_id"] for d in receiver.deliveries}) == 1
    assert receiver.deliveries[0]["webhook_id"].startswith("msg_")
    body = receiver.deliveries[0]["json"]
    assert (body["type"], body["data"]) == ("lead.status_changed", {"lead_id": 7, "status": "contacted"})
    assert deliveries(webhooks) == [("delivered", 4, 4)]
    with webhooks.app_context():
        tries = db.session.scalars(select(WebhookAttempt).order_by(WebhookAttempt.id)).all()
        assert [attempt.status_code for attempt in tries] == [503, 503, 503, 204]
        assert len(tries[0].response) == 500  # the start of the answer, no more


@pytest.fixture
def trickling_receiver():
    """A receiver that answers a byte of its status line and headers every 0.2 s, for 30 s, on each
    connection: each read comes well inside any read timeout, so only a bound on the whole try ends
    it."""
    server = socket.create_server(("127.0.0.1", 0))
    done = threading.Event()

    def answer(connection: socket.socket) -> None:
        with connection:
            connection.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"." * 200:
                if done.wait(0.2):
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    return  # the sender gave up, as it should

    def accept() -> None:
        # Woken now and then to see whether the test is over: closing the socket would not wake it.
        server.settimeout(0.2)
        while not done.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # closed meanwhile
            connection.settimeout(None)
            threading.Thread(target=answer, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/hooks/leads"
    done.set()
    server.close()


def test_a_receiver_trickling_its_answer_is_cut_off_at_the_timeout(webhooks, trickling_receiver, monkeypatch):
    monkeypatch.setitem(webhooks.config, "NOTIFY_TIMEOUT_SECONDS", 1)
    add_endpoint(webhooks, trickling_receiver, new_secret(), ["lead.status_changed"])
    record(webhooks, "lead.status_changed")

    began = time.monotonic()
    with webhooks.app_context():
        assert webhook_delivery.deliver_batch() == 1

    assert time.monotonic() - began < 2.5  # the timeout and a little, not the receiver's 30 s
    assert deliveries(webhooks) == [("pending", 1, 1)]
    with webhooks.app_context():
        attempt = db.session.scalars(select(WebhookAttempt)).one()
        assert (attempt.status_code, attempt.error) == (None, "TimeoutError")
        assert 1000 <= attempt.duration_ms < 2500


@pytest.mark.parametrize("status", [400, 401, 410])
def test_a_4xx_is_not_retried(webhooks, receiver, status):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    receiver.statuses = [status]
    record(webhooks, "lead.status_changed")

    assert deliver(webhooks) == 1
    assert deliveries(webhooks) == [("failed", 1, 1)]


@pytest.mark.parametrize("status", [408, 429, 500])
def test_408_429_and_5xx_are_retried(webhooks, receiver, status):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    receiver.statuses = [status]
    record(webhooks, "lead.status_changed")

    assert deliver(webhooks) == 2
    assert deliveries(webhooks) == [("delivered", 2, 2)]


def test_out_of_tries_it_fails(webhooks, receiver):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    receiver.statuses = [503] * 20
    record(webhooks, "lead.status_changed")

    assert deliver(webhooks) == len(webhook_delivery.RETRY_SCHEDULE) + 1
    assert deliveries(webhooks) == [("failed", 8, 8)]


def test_redeliver_sends_it_again_with_the_same_webhook_id(webhooks, receiver):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    record(webhooks, "lead.status_changed")
    deliver(webhooks)
    with webhooks.app_context():
        webhook_delivery.redeliver(db.session.scalars(select(WebhookDelivery)).one())
        db.session.commit()

    assert deliver(webhooks) == 1
    first, again = receiver.deliveries
    assert (again["verified"], again["webhook_id"]) == (True, first["webhook_id"])
    assert deliveries(webhooks) == [("delivered", 1, 2)]


def test_a_leads_events_go_in_order(webhooks, receiver, monkeypatch):
    monkeypatch.setitem(webhooks.config, "WEBHOOK_RETRY_SCALE", 1)  # a failed try waits 5 s
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed", "lead.assigned"])
    receiver.statuses = [503]
    record(webhooks, "lead.status_changed", lead_id=7)
    record(webhooks, "lead.assigned", lead_id=7)
    record(webhooks, "lead.assigned", lead_id=8)

    assert deliver(webhooks) == 2  # lead 7's first (503, waiting) and lead 8's; lead 7's second waits
    assert [(d["json"]["type"], d["status"]) for d in receiver.deliveries] == [
        ("lead.status_changed", 503),
        ("lead.assigned", 204),
    ]
    with webhooks.app_context():
        db.session.execute(update(WebhookDelivery).values(next_attempt_at=datetime.now(UTC)))
        db.session.commit()
    assert deliver(webhooks) == 2
    assert [d["json"]["type"] for d in receiver.deliveries[2:]] == ["lead.status_changed", "lead.assigned"]


def test_a_batch_starts_no_try_once_stopped_or_past_its_time(webhooks, receiver, monkeypatch):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.assigned"])
    for lead_id in (1, 2, 3, 4):
        record(webhooks, "lead.assigned", lead_id=lead_id)
    stop, sent = threading.Event(), []
    send = webhook_delivery._try

    def counted(*request):
        sent.append(request)
        if len(sent) == 2:
            stop.set()
        return send(*request)

    monkeypatch.setattr(webhook_delivery, "_try", counted)
    with webhooks.app_context():
        assert webhook_delivery.deliver_batch(stop) == 2
    assert deliveries(webhooks) == [("delivered", 1, 1)] * 2 + [("pending", 0, 0)] * 2

    monkeypatch.setattr(webhook_delivery, "BATCH_SECONDS", 0)
    with webhooks.app_context():
        assert webhook_delivery.deliver_batch() == 1  # its first try, and no more
    assert deliver(webhooks) == 1
    assert [d["json"]["data"]["lead_id"] for d in receiver.deliveries] == [1, 2, 3, 4]


def test_an_endpoint_failing_a_try_gets_no_more_in_the_batch(webhooks, receiver):
    down = WebhookReceiver(new_secret()).start()
    try:
        down.statuses = [503] * 5
        add_endpoint(webhooks, down.url, down.secret.decode(), ["lead.assigned"])
        add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.assigned"])
        for lead_id in (1, 2):
            record(webhooks, "lead.assigned", lead_id=lead_id)

        with webhooks.app_context():
            assert webhook_delivery.deliver_batch() == 3

        assert [d["status"] for d in down.deliveries] == [503]
        assert [d["json"]["data"]["lead_id"] for d in receiver.deliveries] == [1, 2]
    finally:
        down.stop()


def test_every_try_is_cut_at_its_own_time_by_the_one_watchdog(trickling_receiver, receiver):
    """Tries one after another and side by side, of different timeouts: each cut at its own, and a
    try that ended in time never cut later."""
    slow, fast = resolve(trickling_receiver, LOOPBACK), resolve(receiver.url, LOOPBACK)
    cut: dict[float, tuple[str | None, float]] = {}

    def tried(timeout: float) -> None:
        began = time.monotonic()
        outcome = sending.post(slow, {}, b"{}", timeout)
        cut[timeout] = (outcome.error, time.monotonic() - began)

    tried(0.5)
    side_by_side = [threading.Thread(target=tried, args=(timeout,)) for timeout in (1.5, 0.7)]
    for thread in side_by_side:
        thread.start()
    signed = standard_headers(receiver.secret.decode(), "msg_watchdog", "{}")
    answered = sending.post(fast, signed, b"{}", 0.3)
    time.sleep(0.5)  # past that try's time: its socket is closed, and must not have been cut
    for thread in side_by_side:
        thread.join()

    assert (answered.status_code, answered.error) == (204, None)
    for timeout, (error, took) in cut.items():
        assert error == "TimeoutError"
        assert timeout <= took < timeout + 0.5


def _tried_in_a_child(url: str) -> str | None:
    return sending.post(resolve(url, LOOPBACK), {}, b"{}", 0.3).error


def test_a_process_forked_while_the_watchdog_held_its_lock_watches_its_own_tries(trickling_receiver):
    with sending._WATCHDOG._changed:  # as its thread holds it, now and then
        pool = multiprocessing.get_context("fork").Pool(1)
    with pool:
        assert pool.apply_async(_tried_in_a_child, (trickling_receiver,)).get(timeout=10) == "TimeoutError"


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:9/hook", "http://10.1.2.3/hook", "http://169.254.169.254/latest", "http://[::1]/"],
)
def test_private_loopback_and_link_local_addresses_are_refused_unless_allowed(url):
    with pytest.raises(RefusedAddress, match="public addresses only"):
        resolve(url, ())
    if url.startswith("http://127.0.0.1"):
        assert resolve(url, LOOPBACK).address == "127.0.0.1"


@pytest.mark.parametrize(
    "url", ["ftp://example.com/", "http://user:pw@example.com/", "http:///nohost", "x" * 3000]
)
def test_only_plain_http_or_https_urls(url):
    with pytest.raises(RefusedAddress):
        resolve(url, LOOPBACK)


def test_a_send_to_a_refused_address_is_logged_and_never_made(webhooks, receiver, monkeypatch):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    monkeypatch.setitem(webhooks.config, "WEBHOOK_ALLOWED_NETWORKS", ())
    record(webhooks, "lead.status_changed")

    deliver(webhooks)

    assert receiver.deliveries == []
    with webhooks.app_context():
        attempt = db.session.scalars(select(WebhookAttempt)).first()
        assert attempt.status_code is None and "public addresses only" in attempt.error


def test_an_endpoint_failing_for_3_days_is_switched_off_and_its_admins_told(webhooks, receiver):
    since = datetime.now(UTC) - timedelta(days=3, minutes=1)
    endpoint_id = add_endpoint(
        webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"], failing_since=since
    )
    with webhooks.app_context():
        admin = StaffUser(email="admin@staff.example", name="An admin", role="admin", password_hash="-")
        db.session.add(admin)
        db.session.commit()
        admin_id = admin.id
    receiver.statuses = [400]
    record(webhooks, "lead.status_changed")
    record(webhooks, "lead.status_changed", lead_id=8)
    try:
        assert deliver(webhooks) == 1  # switched off: lead 8's waits
        with webhooks.app_context():
            endpoint = db.session.get(WebhookEndpoint, endpoint_id)
            assert (endpoint.enabled, endpoint.disabled_reason) == (
                False,
                "Every delivery failed for 3 days.",
            )
            told = db.session.scalars(select(OutboxMessage)).all()
            assert [(row.purpose, row.recipient_id) for row in told] == [("webhook_disabled", admin_id)]
    finally:
        with webhooks.app_context():
            db.session.execute(db.delete(OutboxMessage))
            db.session.execute(db.delete(StaffUser).where(StaffUser.id == admin_id))
            db.session.commit()


def test_a_success_clears_the_failing_mark(webhooks, receiver):
    since = datetime.now(UTC) - timedelta(days=1)
    endpoint_id = add_endpoint(
        webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"], failing_since=since
    )
    record(webhooks, "lead.status_changed")
    deliver(webhooks)
    with webhooks.app_context():
        assert db.session.get(WebhookEndpoint, endpoint_id).failing_since is None


def test_lead_created_is_fanned_out_by_the_worker_not_by_intake(webhooks, client, receiver):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.created"])
    other = WebhookReceiver(new_secret()).start()
    try:
        add_endpoint(webhooks, other.url, other.secret.decode(), ["lead.created", "lead.erased"])
        lead = client.post("/api/quote", json=QUOTE).json
        assert deliveries(webhooks) == []  # intake wrote its lead and its one outbox row, nothing more

        with webhooks.app_context():
            assert queue.deliver_next([WebhookFanout()])
            assert db.session.scalars(select(OutboxMessage)).one().webhook_sent_at is not None
        assert deliver(webhooks) == 2
    finally:
        other.stop()
    for hook in (receiver, other):
        [delivery] = hook.deliveries
        assert delivery["verified"] is True
        body = delivery["json"]
        assert (body["type"], body["data"]["lead_id"]) == ("lead.created", lead["id"])
        assert body["data"]["lead"]["email"] == QUOTE["email"]


def test_the_endpoint_made_from_webhook_url_gets_the_old_body_and_headers_too(
    webhooks, client, rows, monkeypatch
):
    shared = WebhookReceiver("old-shared-secret").start()
    monkeypatch.setitem(webhooks.config, "WEBHOOK_URL", shared.url)
    monkeypatch.setitem(webhooks.config, "WEBHOOK_SECRET", "old-shared-secret")
    try:
        with webhooks.app_context():
            webhook_delivery.adopt_webhook_url()
            webhook_delivery.adopt_webhook_url()  # once only
            assert db.session.scalars(select(WebhookEndpoint.legacy)).all() == [True]
        client.post("/api/quote", json={**QUOTE, "page": "/"})
        with webhooks.app_context():
            queue.deliver_next([WebhookFanout()])
        deliver(webhooks)
    finally:
        shared.stop()
    [delivery] = shared.deliveries
    assert delivery["verified"] is True  # both signatures, under the one shared secret
    assert delivery["delivery"] == str(rows("outbox")[0].id)
    assert (delivery["json"]["event"], delivery["json"]["page_url"]) == (
        "lead.created",
        "http://127.0.0.1:3000/",
    )


def test_the_log_keeps_7_days(webhooks, receiver):
    add_endpoint(webhooks, receiver.url, receiver.secret.decode(), ["lead.status_changed"])
    record(webhooks, "lead.status_changed")
    record(webhooks, "lead.status_changed", lead_id=8)
    deliver(webhooks)
    with webhooks.app_context():
        old = datetime.now(UTC) - timedelta(days=8)
        first = db.session.scalars(select(WebhookDelivery.id).order_by(WebhookDelivery.id)).first()
        db.session.execute(update(WebhookDelivery).where(WebhookDelivery.id == first).values(created_at=old))
        db.session.execute(update(WebhookAttempt).where(WebhookAttempt.delivery_id == first).values(at=old))
        db.session.commit()
        assert webhook_delivery.purge(datetime.now(UTC)) == 1
    assert deliveries(webhooks) == [("delivered", 1, 1)]
