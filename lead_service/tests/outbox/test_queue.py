"""The outbox: every non-spam lead is written with its notification, which reaches a real SMTP
server once and the webhooks' endpoints once each (their own tests: test_webhook_delivery.py),
survives their outages, and is dead-lettered after
its last try. On SQLite and on PostgreSQL."""

import ssl
from datetime import UTC, datetime

import pytest
import trustme
from sqlalchemy import select, update

from lead_service import content
from lead_service.extensions import db
from lead_service.models.leads import OutboxMessage, as_utc
from lead_service.models.webhooks import WebhookDelivery, WebhookEndpoint
from lead_service.outbox import queue
from lead_service.outbox.channels import EmailChannel, WebhookFanout
from lead_service.webhooks.signing import new_secret

from ..receivers import SmtpSink
from ..samples import CONTACT, QUOTE

HONEYPOT = content.load("forms")["honeypotField"]


def email_channel(sink: SmtpSink, **options) -> EmailChannel:
    settings = {
        "host": "127.0.0.1",
        "port": sink.port,
        "security": "none",
        "username": "",
        "password": "",
        "sender": "Website leads <leads@tidewell.example>",
        "recipients": ["sales@tidewell.example", "founders@tidewell.example"],
        "timeout": 5,
    }
    return EmailChannel(**(settings | options))


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture
def deliver(app):
    """Runs the worker's step until nothing is due; answers how many notifications it handled."""

    def run(*channels) -> int:
        handled = 0
        with app.app_context():
            while queue.deliver_next(channels):
                handled += 1
        return handled

    return run


@pytest.fixture
def later(app):
    """Lets time pass: every waiting notification's next try becomes due now."""

    def advance() -> None:
        with app.app_context():
            db.session.execute(update(OutboxMessage).values(next_attempt_at=datetime.now(UTC)))
            db.session.commit()

    return advance


@pytest.fixture
def three_tries(app, monkeypatch):
    monkeypatch.setitem(app.config, "OUTBOX_MAX_ATTEMPTS", 3)


def test_each_new_lead_is_written_with_its_notification_and_spam_never_is(client, rows):
    quote = client.post("/api/quote", json=QUOTE).json
    contact = client.post("/api/contact", json=CONTACT).json
    client.post("/api/quote", json={**QUOTE, HONEYPOT: "http://spam.example"})

    assert [(row.lead_id, row.status, row.attempts) for row in rows("outbox")] == [
        (quote["id"], "pending", 0),
        (contact["id"], "pending", 0),
    ]


def test_a_retried_request_adds_no_second_notification(client, rows):
    headers = {"Idempotency-Key": "6f9d5a1e-retry"}
    first = client.post("/api/quote", json=QUOTE, headers=headers)
    again = client.post("/api/quote", json=QUOTE, headers=headers)

    assert first.json == again.json
    assert [row.lead_id for row in rows("outbox")] == [first.json["id"]]


def test_the_email_has_the_form_s_lead_and_name_in_its_subject_and_every_field(client, rows, smtp, deliver):
    lead = {**QUOTE, "page": "/services/2", "project": "A booking app.\nWith two portals."}
    client.post("/api/quote", json=lead)

    assert deliver(email_channel(smtp)) == 1

    [message] = smtp.messages
    assert message["Subject"] == f"New quote request from {QUOTE['name']}"
    assert smtp.envelopes == [
        ("leads@tidewell.example", ["sales@tidewell.example", "founders@tidewell.example"])
    ]
    assert message["Reply-To"].addresses[0].addr_spec == QUOTE["email"]
    body = message.get_content().replace("\r\n", "\n")
    stored = rows("quote")[0]
    for label, value in [
        ("Name", QUOTE["name"]),
        ("Email", QUOTE["email"]),
        ("Phone", stored.phone),
        ("Budget", QUOTE["budget"]),
        ("Form", "Get Custom Quote"),
        ("Page", "http://127.0.0.1:3000/services/2"),
        ("Lead", f"#{stored.id}"),
    ]:
        assert f"{label}:" in body and value in body, label
    # A message's second line sits under its first, not at the left margin.
    assert "Project:  A booking app.\n          With two portals." in body
    assert rows("outbox")[0].status == "delivered"


def test_a_contact_message_names_its_company_and_form(client, smtp, deliver):
    client.post("/api/contact", json={**CONTACT, "form": "caseStudiesContact", "company": "Harbor Labs"})

    deliver(email_channel(smtp))

    [message] = smtp.messages
    assert message["Subject"] == f"New contact message from {CONTACT['name']}, Harbor Labs"
    assert "Form:" in message.get_content() and "Send Us a Message" in message.get_content()


def test_email_over_starttls_with_a_login(client, rows, deliver, tmp_path, monkeypatch):
    authority = trustme.CA()
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(server_tls)
    authority.cert_pem.write_to_path(str(tmp_path / "ca.pem"))
    # The worker checks the server's certificate against the system's store, which this points at.
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))
    sink = SmtpSink(tls=server_tls, login=("leads", "s3cret")).start()
    try:
        client.post("/api/quote", json=QUOTE)
        deliver(email_channel(sink, security="starttls", username="leads", password="wrong"))
        assert (sink.messages, rows("outbox")[0].status) == ([], "pending")
        assert "SMTPAuthenticationError" in rows("outbox")[0].last_error

        with client.application.app_context():
            queue.requeue([rows("outbox")[0].id])
        deliver(email_channel(sink, security="starttls", username="leads", password="s3cret"))
    finally:
        sink.stop()

    assert [m["Subject"] for m in sink.messages] == [f"New quote request from {QUOTE['name']}"]
    assert rows("outbox")[0].status == "delivered"


def test_delivered_after_the_smtp_server_comes_back(client, rows, deliver, later):
    sink = SmtpSink()  # not started: nothing listens on its port
    client.post("/api/contact", json=CONTACT)

    deliver(email_channel(sink))
    first = rows("outbox")[0]
    assert (first.status, first.attempts) == ("pending", 1)
    assert "ConnectionRefusedError" in first.last_error
    assert as_utc(first.next_attempt_at) > as_utc(first.created_at)
    assert deliver(email_channel(sink)) == 0  # not before its backoff is over

    later()
    sink.start()
    try:
        assert deliver(email_channel(sink)) == 1
    finally:
        sink.stop()
    assert len(sink.messages) == 1
    assert (rows("outbox")[0].status, rows("outbox")[0].attempts, rows("outbox")[0].last_error) == (
        "delivered",
        2,
        None,
    )


def test_a_channel_that_took_it_is_not_sent_again_when_another_is_retried(client, rows, app, deliver, later):
    """The webhooks' channel fans the lead out to the endpoints once, whatever the e-mail does."""
    with app.app_context():
        endpoint = WebhookEndpoint(
            url="https://hooks.example/leads", events=["lead.created"], secret=new_secret()
        )
        db.session.add(endpoint)
        db.session.commit()
    sink = SmtpSink()  # not started: the e-mail fails
    client.post("/api/quote", json=QUOTE)

    deliver(email_channel(sink), WebhookFanout())
    later()
    deliver(email_channel(sink), WebhookFanout())

    assert rows("outbox")[0].status == "pending" and rows("outbox")[0].webhook_sent_at is not None
    with app.app_context():
        assert db.session.scalars(select(WebhookDelivery.event)).all() == ["lead.created"]


def test_dead_after_the_last_try_and_sent_again_on_request(
    client, rows, runner, smtp, deliver, later, three_tries
):
    down = SmtpSink()  # nothing listens on its port
    client.post("/api/quote", json=QUOTE)

    for _ in range(2):
        deliver(email_channel(down))
        later()
    assert rows("outbox")[0].status == "pending"
    deliver(email_channel(down))  # the third of OUTBOX_MAX_ATTEMPTS=3
    dead = rows("outbox")[0]
    assert (dead.status, dead.attempts) == ("dead", 3)
    later()
    assert deliver(email_channel(smtp)) == 0  # a dead notification is not tried again by itself

    listed = runner.invoke(args=["outbox", "list", "--status", "dead"])
    assert listed.exit_code == 0
    assert f"#{dead.id}" in listed.output and "dead" in listed.output and "ConnectionRefused" in listed.output
    assert runner.invoke(args=["outbox", "retry"]).output == "re-queued 1 notification(s)\n"

    assert deliver(email_channel(smtp)) == 1
    assert len(smtp.messages) == 1
    assert rows("outbox")[0].status == "delivered"


def test_backoff_doubles_and_is_capped_at_an_hour():
    assert [queue.backoff(n, 30).total_seconds() for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert queue.backoff(20, 30).total_seconds() == 3600


def test_a_lead_erased_before_its_turn_is_never_told(client, runner, rows, smtp, deliver):
    client.post("/api/quote", json=QUOTE)
    runner.invoke(args=["leads", "erase", "--email", QUOTE["email"]])

    assert deliver(email_channel(smtp)) == 0
    assert (smtp.messages, rows("outbox")) == ([], [])


def test_nothing_due_before_its_time(client, rows, smtp, deliver, app):
    client.post("/api/quote", json=QUOTE)
    with app.app_context():
        db.session.execute(update(OutboxMessage).values(next_attempt_at=datetime(2999, 1, 1, tzinfo=UTC)))
        db.session.commit()

    assert deliver(email_channel(smtp)) == 0
