"""The webhook endpoints as admins keep them: added with their events, the secret shown once, a
URL to a private address refused with why, the delivery log with Redeliver (the same webhook-id
again, verified by a real receiver), and the events the team's acts record; admins only, each change
on the audit trail. On SQLite and on PostgreSQL."""

import ipaddress
import json

import pytest
from sqlalchemy import select

from lead_service import retention
from lead_service.extensions import db
from lead_service.models.webhooks import WebhookDelivery
from lead_service.outbox import webhook_delivery

from ...receivers import WebhookReceiver
from ..conftest import contact

WEBHOOKS = "/api/inbox/webhooks"


@pytest.fixture
def loopback(app, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOWED_NETWORKS", (ipaddress.ip_network("127.0.0.1/32"),))
    monkeypatch.setitem(app.config, "WEBHOOK_RETRY_SCALE", 0)


def _deliver(app) -> None:
    with app.app_context():
        while webhook_delivery.deliver_batch():
            pass


def test_admins_add_change_and_remove_endpoints_the_secret_shown_once(colleague, audit_trail, loopback):
    admin, _ = colleague("admin", "boss@staff.example")
    sales, _ = colleague("sales", "seller@staff.example")

    added = admin.post(
        WEBHOOKS, json={"url": "http://127.0.0.1:9/hook", "events": ["lead.erased", "lead.created"]}
    )
    assert added.status_code == 201
    assert added.json["secret"].startswith("whsec_")
    endpoint = added.json["endpoint"]
    assert (endpoint["events"], endpoint["enabled"], endpoint["legacy"]) == (
        ["lead.created", "lead.erased"],
        True,
        False,
    )
    listed = admin.get(WEBHOOKS).json
    assert "secret" not in json.dumps(listed["endpoints"])
    assert "lead.status_changed" in listed["events"]

    off = admin.post(f"{WEBHOOKS}/{endpoint['id']}", json={"enabled": False, "events": ["reply.sent"]})
    assert (off.json["enabled"], off.json["events"]) == (False, ["reply.sent"])
    rotated = admin.post(f"{WEBHOOKS}/{endpoint['id']}/secret").json["secret"]
    assert rotated.startswith("whsec_") and rotated != added.json["secret"]
    assert admin.post(f"{WEBHOOKS}/{endpoint['id']}/remove").status_code == 204
    assert admin.get(WEBHOOKS).json["endpoints"] == []
    assert admin.post(f"{WEBHOOKS}/{endpoint['id']}/remove").status_code == 404

    assert sales.get(WEBHOOKS).status_code == 403
    assert (
        sales.post(WEBHOOKS, json={"url": "http://127.0.0.1:9/", "events": ["lead.created"]}).status_code
        == 403
    )
    assert [action for action, _, _ in audit_trail() if action.startswith("webhook")] == [
        "webhook_added",
        "webhook_changed",
        "webhook_secret_rotated",
        "webhook_removed",
    ]


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:9/hook", "http://10.0.0.1/hook", "http://169.254.169.254/", "https://[::1]/"]
)
def test_a_url_to_a_private_address_is_refused_with_why(colleague, url):
    admin, _ = colleague("admin")

    refused = admin.post(WEBHOOKS, json={"url": url, "events": ["lead.created"]})

    assert refused.status_code == 400
    assert "public addresses only" in json.dumps(refused.json)


def test_no_event_or_an_unknown_one_is_refused(colleague, loopback):
    admin, _ = colleague("admin")

    for events in ([], ["lead.nothing"]):
        assert admin.post(WEBHOOKS, json={"url": "http://127.0.0.1:9/", "events": events}).status_code == 400


def test_the_log_shows_each_try_and_redeliver_sends_the_same_webhook_id(
    app, colleague, loopback, audit_trail
):
    admin, _ = colleague("admin")
    added = admin.post(WEBHOOKS, json={"url": "http://127.0.0.1:9/", "events": ["lead.created"]}).json
    receiver = WebhookReceiver(added["secret"]).start()
    endpoint_id = added["endpoint"]["id"]
    try:
        admin.post(f"{WEBHOOKS}/{endpoint_id}", json={"url": receiver.url})
        receiver.statuses = [503]
        test = admin.post(f"{WEBHOOKS}/{endpoint_id}/test")
        assert test.status_code == 201
        _deliver(app)
        [delivery] = admin.get(f"{WEBHOOKS}/{endpoint_id}/deliveries").json["deliveries"]
        assert (delivery["event"], delivery["status"]) == ("webhook.test", "delivered")
        assert [attempt["status_code"] for attempt in delivery["attempts"]] == [503, 204]

        again = admin.post(f"{WEBHOOKS}/{endpoint_id}/deliveries/{delivery['id']}/redeliver")
        assert again.json["status"] == "pending"
        _deliver(app)
    finally:
        receiver.stop()
    assert [d["verified"] for d in receiver.deliveries] == [True, True, True]
    assert {d["webhook_id"] for d in receiver.deliveries} == {delivery["message_id"]}
    assert admin.post(f"{WEBHOOKS}/{endpoint_id}/deliveries/999999/redeliver").status_code == 404
    assert ("webhook_redelivered", {"endpoint_id": endpoint_id, "delivery_id": delivery["id"]}) in [
        (action, detail) for action, _, detail in audit_trail()
    ]


def test_the_teams_acts_record_the_events_the_endpoints_want(app, add, colleague, loopback):
    admin, _ = colleague("admin")
    wanted = ["lead.status_changed", "lead.assigned", "lead.erased"]
    admin.post(WEBHOOKS, json={"url": "http://127.0.0.1:9/", "events": wanted})
    (lead_id,) = add(contact(email="ann@example.com"))

    admin.post(f"/api/inbox/leads/{lead_id}/work", json={"version": 1, "status": "contacted"})
    with app.app_context():
        retention.erase("ann@example.com")
        kept = db.session.scalars(select(WebhookDelivery)).all()
        assert [(row.event, row.lead_id) for row in kept] == [("lead.erased", lead_id)]
        # What the lead said went with it: the erasure names the id and the time alone.
        assert set(json.loads(kept[0].payload)["data"]) == {"lead_id", "erased_at"}
