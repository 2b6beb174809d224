"""API tokens: made by admins with scopes and an expiry, shown once and kept hashed, revoked at
once, each call on the audit trail as the token, held to a rate of their own, and good on /api/v1/
alone."""

import hashlib
import json
from datetime import UTC, datetime, timedelta

import flask_migrate
import pytest

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.auth import api_tokens
from lead_service.models.staff import ApiToken, AuditEvent, StaffUser

from .conftest import TokenClient


def _events(app, action):
    with app.app_context():
        return db.session.scalars(db.select(AuditEvent).where(AuditEvent.action == action)).all()


def test_a_token_is_shown_once_and_kept_only_as_its_hash(app, admin, api_token):
    _, made = api_token("leads:read")

    assert made["token"].startswith("lsk_") and len(made["token"]) > 40
    assert made["scopes"] == ["leads:read"]
    listed = admin.get("/api/inbox/tokens").json
    assert [token["id"] for token in listed["tokens"]] == [made["id"]]
    assert "token" not in listed["tokens"][0]
    with app.app_context():
        row = db.session.get(ApiToken, made["id"])
        assert row.token_hash == hashlib.sha256(made["token"].encode()).hexdigest()
        assert made["token"] not in json.dumps(
            {c.name: str(getattr(row, c.name)) for c in ApiToken.__table__.c}
        )
    (created,) = _events(app, "token_created")
    assert json.loads(created.detail) == {"token_id": made["id"], "scopes": "leads:read", "days": 30}


@pytest.mark.parametrize("role", ["viewer", "sales"])
def test_only_admins_make_list_and_revoke_tokens(signed_in, role):
    client = signed_in(role)
    assert client.get("/api/inbox/tokens").status_code == 403
    assert (
        client.post("/api/inbox/tokens", json={"name": "x", "scopes": ["leads:read"], "days": 1}).status_code
        == 403
    )
    assert client.post("/api/inbox/tokens/1/revoke").status_code == 403


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"name": " ", "scopes": ["leads:read"], "days": 1}, "name", "Write the token's name first."),
        ({"name": "x", "scopes": [], "days": 1}, "scopes", "Choose at least one scope."),
        ({"name": "x", "scopes": ["leads:delete"], "days": 1}, "scopes", None),
        ({"name": "x", "scopes": ["leads:read"], "days": 0}, "days", "Choose from 1 to 366 days."),
        ({"name": "x", "scopes": ["leads:read"], "days": 367}, "days", "Choose from 1 to 366 days."),
    ],
)
def test_a_token_needs_a_name_known_scopes_and_an_expiry_within_a_year(admin, body, field, message):
    answer = admin.post("/api/inbox/tokens", json=body)

    assert answer.status_code == 400
    assert field in answer.json["errors"]
    if message:
        assert message in json.dumps(answer.json["errors"][field])


def test_a_call_with_the_token_is_on_the_audit_trail_as_the_token_and_its_maker(app, admin, api_token):
    caller, made = api_token("leads:read")

    assert caller.get("/api/v1/leads").status_code == 200

    (listed,) = _events(app, "leads_listed")
    with app.app_context():
        maker = db.session.scalar(db.select(StaffUser).where(StaffUser.role == "admin"))
        assert (listed.actor_id, listed.token_id) == (maker.id, made["id"])
        assert db.session.get(ApiToken, made["id"]).last_used_at is not None
    trail = admin.get("/api/inbox/audit?action=leads_listed").json
    assert trail["events"][0]["token_id"] == made["id"]
    assert trail["tokens"] == {str(made["id"]): {"name": "CRM sync"}}


def test_a_revoked_token_is_refused_on_its_next_call(app, admin, api_token):
    caller, made = api_token("leads:read")
    assert caller.get("/api/v1/leads").status_code == 200

    revoked = admin.post(f"/api/inbox/tokens/{made['id']}/revoke")

    assert revoked.status_code == 200 and revoked.json["revoked_at"] is not None
    refused = caller.get("/api/v1/leads")
    assert refused.status_code == 401
    assert refused.headers["WWW-Authenticate"].lower().startswith("bearer")
    assert (
        refused.json["description"]
        == "This API token is unknown, revoked or expired, or its maker can no longer sign in."
    )
    # Revoking it again changes nothing, and is not on the trail twice.
    assert (
        admin.post(f"/api/inbox/tokens/{made['id']}/revoke").json["revoked_at"] == revoked.json["revoked_at"]
    )
    assert len(_events(app, "token_revoked")) == 1
    assert admin.post("/api/inbox/tokens/99999/revoke").status_code == 404


def test_an_expired_token_and_one_whose_maker_was_disabled_are_refused(app, api_token):
    expired, made = api_token("leads:read")
    with app.app_context():
        db.session.get(ApiToken, made["id"]).expires_at = datetime.now(UTC) - timedelta(seconds=1)
        db.session.commit()
    assert expired.get("/api/v1/leads").status_code == 401

    caller, made = api_token("leads:read", name="Other")
    with app.app_context():
        db.session.get(StaffUser, db.session.get(ApiToken, made["id"]).created_by).disabled_at = datetime.now(
            UTC
        )
        db.session.commit()
    assert caller.get("/api/v1/leads").status_code == 401


@pytest.mark.parametrize("sent", [None, "Bearer", "Bearer lsk_not-a-token", "Basic dXNlcjpwYXNz"])
def test_a_call_without_a_known_token_is_refused(client, sent):
    answer = client.get("/api/v1/leads", headers={"Authorization": sent} if sent else {})

    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].lower().startswith("bearer")


def test_a_token_cannot_do_what_its_scopes_do_not_allow(api_token, lead):
    reader, _ = api_token("leads:read")
    writer, _ = api_token("leads:write", name="Writer")
    lead_id = lead()

    assert reader.get(f"/api/v1/leads/{lead_id}").status_code == 200
    for answer in (
        reader.patch(f"/api/v1/leads/{lead_id}", json={"status": "contacted"}),
        reader.post(f"/api/v1/leads/{lead_id}/notes", json={"body": "Called"}),
        reader.get("/api/v1/audit"),
        writer.get("/api/v1/leads"),
        writer.get("/api/v1/changes"),
    ):
        assert answer.status_code == 403
        assert answer.json["description"].startswith("This token's scopes do not allow this")
    assert writer.patch(f"/api/v1/leads/{lead_id}", json={"status": "contacted"}).status_code == 200


def test_a_token_does_no_more_than_its_maker_may_now(app, api_token, lead):
    writer, made = api_token("leads:write", "audit:read")
    with app.app_context():
        db.session.get(StaffUser, db.session.get(ApiToken, made["id"]).created_by).role = "sales"
        db.session.commit()

    assert writer.patch(f"/api/v1/leads/{lead()}", json={"status": "contacted"}).status_code == 200
    assert writer.get("/api/v1/audit").status_code == 403


def test_a_token_opens_nothing_but_the_v1_api(app, api_token):
    caller, _ = api_token("leads:read", "leads:write", "audit:read")

    assert caller.get("/api/inbox/leads").status_code == 401
    assert caller.get("/api/inbox/audit").status_code == 401
    assert caller.get("/api/inbox/tokens").status_code == 401


def test_the_audit_scope_reads_the_trail(api_token):
    caller, made = api_token("audit:read")

    answer = caller.get("/api/v1/audit?action=token_created")

    assert answer.status_code == 200
    assert [event["detail"]["token_id"] for event in answer.json["events"]] == [made["id"]]


@pytest.fixture
def limited(database, profile_pdf):
    """The service with its rate limits on, each token's calls at 2 a minute."""
    app = create_app(
        {
            **database,
            "TESTING": True,
            "PROFILE_PDF_PATH": str(profile_pdf),
            "API_TOKEN_RATE_LIMIT": "2 per minute",
        }
    )
    with app.app_context():
        flask_migrate.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def _token_of_a_new_admin(app, email):
    with app.app_context():
        user = StaffUser(email=email, name=email, role="admin", password_hash="not used")
        db.session.add(user)
        db.session.flush()
        _, token = api_tokens.make("Limited", ["leads:read"], 1, user)
        db.session.commit()
        return token


def test_each_token_is_held_to_its_own_rate(limited):
    one = TokenClient(limited.test_client(), _token_of_a_new_admin(limited, "one@staff.example"))
    other = TokenClient(limited.test_client(), _token_of_a_new_admin(limited, "two@staff.example"))

    answers = [one.get("/api/v1/leads").status_code for _ in range(3)]

    assert answers == [200, 200, 429]
    assert other.get("/api/v1/leads").status_code == 200
