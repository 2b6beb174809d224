"""The deployment check's lead: with a live Deployment-Check signature it is stored and queued as
any lead, past the Turnstile check, placed by no rule, and a worker takes its notification telling
nobody, even with no channel on; any other value of the header is refused with nothing stored. Only
the lead the check sent, known by its message's token, is deleted as the check's."""

import time
from datetime import UTC, datetime, timedelta

import pytest

from lead_service import retention
from lead_service.assignment import placing
from lead_service.config import secret_key
from lead_service.extensions import db
from lead_service.intake import deployment_check
from lead_service.models.leads import Lead
from lead_service.outbox import queue

from ..samples import CONTACT, QUOTE
from .test_turnstile import siteverify  # noqa: F401 (a fixture: Turnstile on)


def header(app, now: float | None = None, key: bytes | None = None) -> dict[str, str]:
    with app.app_context():
        signed = deployment_check.token(key or secret_key(app), now)
    return {deployment_check.HEADER: signed}


@pytest.fixture
def rules_kept(monkeypatch):
    """As if admins kept an assignment rule: a visitor's lead waits to be placed."""
    monkeypatch.setattr(placing, "any_rules", lambda: True)


@pytest.mark.usefixtures("siteverify", "rules_kept")
@pytest.mark.parametrize(("path", "lead"), [("/api/contact", CONTACT), ("/api/quote", QUOTE)])
def test_a_checks_lead_is_stored_and_queued_as_the_checks_past_the_bot_check_for_no_rule(
    app, client, rows, path, lead
):
    visitor = client.post(path, json=lead)  # no Turnstile token: refused
    check = client.post(path, json=lead, headers=header(app))

    assert (visitor.status_code, check.status_code) == (400, 201)
    (stored,) = rows("leads")
    (notification,) = rows("outbox")
    assert (stored.id, stored.awaiting_rules) == (check.json["id"], False)
    assert (notification.lead_id, notification.purpose) == (stored.id, "check")
    assert notification.status == "pending"


@pytest.mark.usefixtures("rules_kept")
def test_a_visitors_lead_still_waits_for_the_rules(client, rows):
    assert client.post("/api/contact", json=CONTACT).status_code == 201
    ((lead,), (notification,)) = rows("leads"), rows("outbox")
    assert (lead.awaiting_rules, notification.purpose) == (True, "new_lead")


@pytest.mark.parametrize(
    "given",
    [
        "",
        "garbage",
        "1700000000",
        "1700000000.",
        "9" * 5000 + ".00",
        "\u00b2\u00b3.00",  # digits to str.isdigit, not to int()
        "stale",
        "ahead",
        "other key",
    ],
)
def test_a_header_that_is_not_a_live_signature_is_refused_and_nothing_stored(app, client, rows, given):
    value = {
        "stale": lambda: header(app, time.time() - deployment_check.LIVES_SECONDS - 5),
        "ahead": lambda: header(app, time.time() + deployment_check.LIVES_SECONDS + 5),
        "other key": lambda: header(app, key=b"another service's key"),
    }.get(given, lambda: {deployment_check.HEADER: given})()

    response = client.post("/api/contact", json=CONTACT, headers=value)

    assert response.status_code == 403
    assert "Deployment-Check" in response.json["description"]
    assert rows("leads") == [] and rows("outbox") == []


def test_a_worker_takes_the_checks_notification_telling_nobody_even_with_no_channel(app, client, rows):
    client.post("/api/contact", json=CONTACT)
    check = client.post("/api/contact", json=CONTACT, headers=header(app)).json["id"]

    with app.app_context():
        assert queue.deliver_next([])
        assert not queue.deliver_next([])  # the visitor's waits for a channel

    statuses = {(row.lead_id == check, row.status) for row in rows("outbox")}
    assert statuses == {(True, "delivered"), (False, "pending")}


def test_only_the_lead_the_check_sent_is_deleted_as_its(app, client, rows):
    token = "Sent by the check, check 5f1c."
    began = datetime.now(UTC) - timedelta(seconds=5)
    visitor = client.post("/api/contact", json=CONTACT).json["id"]
    client.post("/api/contact", json={**CONTACT, "message": token}, headers=header(app))

    with app.app_context():
        assert not retention.remove_deployment_check(token, datetime.now(UTC) + timedelta(minutes=1))
        assert retention.remove_deployment_check(token, began)
        assert not retention.remove_deployment_check(token, began)
        assert db.session.scalars(db.select(Lead.id)).all() == [visitor]
    assert [row.lead_id for row in rows("outbox")] == [visitor]
