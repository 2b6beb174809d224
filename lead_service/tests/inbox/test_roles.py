"""Every /api/inbox/ endpoint behind the guard, asked with no session, by each role, by a disabled
user and halfway through a sign-in, answers as one table says: the service, not the pages,
decides who may do what."""

import uuid
from datetime import UTC, datetime

import pytest
from sqlalchemy import select
from werkzeug.routing import Rule

from lead_service.api.openapi import openapi_path
from lead_service.extensions import db
from lead_service.inbox.auth import sessions
from lead_service.models.deals import DealStage
from lead_service.models.leads import Lead, LeadAddress, OutboxMessage
from lead_service.models.staff import LeadNote, StaffUser

from .conftest import with_session

WHO = ("nobody", "viewer", "sales", "admin", "disabled", "halfway")
# The sign-in's first step and an invitation's link are the ways in without a session:
# test_sign_in.py and test_invitations.py have their cases.
# The ways in the sign-in page offers, and the OpenID provider's start and callback: test_inbox_oidc.py.
UNGUARDED = {
    ("GET", "/api/inbox/sign-in"),
    ("POST", "/api/inbox/sign-in"),
    ("POST", "/api/inbox/invitation"),
    ("GET", "/api/inbox/sign-in/methods"),
    ("GET", "/api/inbox/auth/oidc/start"),
    ("GET", "/api/inbox/auth/oidc/callback"),
}
LEAD = "/api/inbox/leads/{lead_id}"
ASSIGNMENT = "/api/inbox/assignment"
WEBHOOK = "/api/inbox/webhooks/{endpoint_id}"
TABLE = {
    #                                                   nobody viewer sales admin disabled halfway
    ("GET", "/api/inbox/session"): (401, 200, 200, 200, 401, 401),
    ("POST", "/api/inbox/sign-out"): (401, 204, 204, 204, 401, 401),
    ("POST", "/api/inbox/sign-out/everywhere"): (401, 204, 204, 204, 401, 401),
    # Past the guard, the current password is wrong: each user here has none.
    ("POST", "/api/inbox/account/password"): (401, 400, 400, 400, 401, 401),
    ("POST", "/api/inbox/account/signature"): (401, 200, 200, 200, 401, 401),
    # Halfway means the password was right and the second factor is to come: only its steps.
    ("POST", "/api/inbox/sign-in/code"): (401, 401, 401, 401, 401, 409),
    ("GET", "/api/inbox/enrolment"): (401, 401, 401, 401, 401, 200),
    ("GET", "/api/inbox/sign-in/step"): (401, 401, 401, 401, 401, 200),
    ("POST", "/api/inbox/enrolment"): (401, 401, 401, 401, 401, 409),
    ("GET", "/api/inbox/leads"): (401, 200, 200, 200, 401, 401),
    ("GET", "/api/inbox/leads/export"): (401, 403, 200, 200, 401, 401),
    ("GET", LEAD): (401, 200, 200, 200, 401, 401),
    ("GET", "/api/inbox/leads/moved/{kind}/{old_id}"): (401, 200, 200, 200, 401, 401),
    # Past the guard, the newest lead shown (`after`) is missing.
    ("GET", "/api/inbox/leads/arrivals"): (401, 400, 400, 400, 401, 401),
    ("GET", "/api/inbox/due"): (401, 200, 200, 200, 401, 401),
    ("GET", "/api/inbox/response-target"): (401, 200, 200, 200, 401, 401),
    ("POST", "/api/inbox/response-target"): (401, 403, 403, 200, 401, 401),
    # The lead is nobody's: only an admin sets its next step.
    ("POST", f"{LEAD}/next-step"): (401, 403, 409, 200, 401, 401),
    ("POST", f"{LEAD}/retry"): (401, 403, 200, 200, 401, 401),
    # Sales changes version 1 first: the admin's change on it is then stale (past the guard).
    ("POST", f"{LEAD}/work"): (401, 403, 200, 409, 401, 401),
    ("POST", "/api/inbox/leads/work"): (401, 403, 200, 409, 401, 401),
    ("POST", f"{LEAD}/spam"): (401, 403, 200, 409, 401, 401),
    ("GET", "/api/inbox/owners"): (401, 200, 200, 200, 401, 401),
    ("POST", f"{LEAD}/notes"): (401, 403, 201, 201, 401, 401),
    # Another's note: past the guard, only its author corrects it.
    ("POST", "/api/inbox/notes/{note_id}"): (401, 403, 409, 409, 401, 401),
    # Past the guard, no sales address is set here to reply from.
    ("POST", f"{LEAD}/replies"): (401, 403, 409, 409, 401, 401),
    ("GET", "/api/inbox/saved-replies"): (401, 200, 200, 200, 401, 401),
    ("POST", "/api/inbox/saved-replies"): (401, 403, 403, 201, 401, 401),
    # Past the guard, there is no such saved reply here.
    ("POST", "/api/inbox/saved-replies/{saved_reply_id}"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/saved-replies/{saved_reply_id}/remove"): (401, 403, 403, 404, 401, 401),
    ("GET", "/api/inbox/audit"): (401, 403, 403, 200, 401, 401),
    ("GET", "/api/inbox/tokens"): (401, 403, 403, 200, 401, 401),
    ("POST", "/api/inbox/tokens"): (401, 403, 403, 201, 401, 401),
    # Past the guard, there is no such token here.
    ("POST", "/api/inbox/tokens/{token_id}/revoke"): (401, 403, 403, 404, 401, 401),
    ("GET", "/api/inbox/webhooks"): (401, 403, 403, 200, 401, 401),
    # Past the guard, the URL is a private address's, which no setting allows here.
    ("POST", "/api/inbox/webhooks"): (401, 403, 403, 400, 401, 401),
    # Past the guard, there is no such endpoint (or delivery) here.
    ("POST", "/api/inbox/webhooks/{endpoint_id}"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/webhooks/{endpoint_id}/remove"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/webhooks/{endpoint_id}/secret"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/webhooks/{endpoint_id}/test"): (401, 403, 403, 404, 401, 401),
    ("GET", "/api/inbox/webhooks/{endpoint_id}/deliveries"): (401, 403, 403, 404, 401, 401),
    ("POST", f"{WEBHOOK}/deliveries/{{delivery_id}}/redeliver"): (401, 403, 403, 404, 401, 401),
    ("GET", "/api/inbox/dashboard"): (401, 200, 200, 200, 401, 401),
    ("GET", "/api/inbox/forecast"): (401, 200, 200, 200, 401, 401),
    ("GET", "/api/inbox/board"): (401, 200, 200, 200, 401, 401),
    ("POST", "/api/inbox/erase"): (401, 403, 403, 200, 401, 401),
    ("POST", "/api/inbox/erase/preview"): (401, 403, 403, 200, 401, 401),
    ("GET", f"{LEAD}/person/suggestions"): (401, 200, 200, 200, 401, 401),
    # Sales merges the other lead's person first: the admin's merge is then of one person (past the guard).
    ("POST", f"{LEAD}/person/merge"): (401, 403, 200, 409, 401, 401),
    # Past the guard, there is no such merge here.
    ("POST", "/api/inbox/person-merges/{merge_id}/undo"): (401, 403, 404, 404, 401, 401),
    ("GET", "/api/inbox/unfiled"): (401, 403, 403, 200, 401, 401),
    # Past the guard, there is no such message set aside (or answer from another address) here.
    ("GET", "/api/inbox/unfiled/{set_aside_id}"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/unfiled/{set_aside_id}/file"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/unfiled/{set_aside_id}/dismiss"): (401, 403, 403, 404, 401, 401),
    ("POST", f"{LEAD}/messages/{{message_id}}/confirm"): (401, 403, 404, 404, 401, 401),
    # Sales makes the deal first: the admin's making it again is stale (past the guard).
    ("POST", f"{LEAD}/deal"): (401, 403, 200, 409, 401, 401),
    # Past the guard, the lead is no deal yet.
    ("POST", f"{LEAD}/deal/stage"): (401, 403, 404, 404, 401, 401),
    ("GET", "/api/inbox/pipeline"): (401, 200, 200, 200, 401, 401),
    # Past the guard, there is no such stage or reason here, and no order of no stages.
    ("POST", "/api/inbox/pipeline/stages/{stage_id}"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/pipeline/stages/order"): (401, 403, 403, 409, 401, 401),
    ("POST", "/api/inbox/pipeline/lost-reasons/{reason_id}/remove"): (401, 403, 403, 404, 401, 401),
    ("POST", "/api/inbox/pipeline/lost-reasons"): (401, 403, 403, 201, 401, 401),
    ("GET", "/api/inbox/views"): (401, 200, 200, 200, 401, 401),
    ("POST", "/api/inbox/views"): (401, 201, 201, 201, 401, 401),
    # Past the guard, there is no such view here.
    ("POST", "/api/inbox/views/{view_id}/remove"): (401, 404, 404, 404, 401, 401),
    ("GET", ASSIGNMENT): (401, 200, 200, 200, 401, 401),
    ("POST", f"{ASSIGNMENT}/rules"): (401, 403, 403, 201, 401, 401),
    ("POST", f"{ASSIGNMENT}/rules/order"): (401, 403, 403, 200, 401, 401),
    ("POST", f"{ASSIGNMENT}/unowned-alert"): (401, 403, 403, 200, 401, 401),
    ("POST", f"{ASSIGNMENT}/groups"): (401, 403, 403, 201, 401, 401),
    ("POST", f"{ASSIGNMENT}/people/{{user_id}}"): (401, 403, 403, 200, 401, 401),
    # Past the guard, there is no such rule or group here.
    ("POST", f"{ASSIGNMENT}/rules/{{rule_id}}"): (401, 403, 403, 404, 401, 401),
    ("POST", f"{ASSIGNMENT}/rules/{{rule_id}}/remove"): (401, 403, 403, 404, 401, 401),
    ("POST", f"{ASSIGNMENT}/groups/{{group_id}}"): (401, 403, 403, 404, 401, 401),
    ("POST", f"{ASSIGNMENT}/groups/{{group_id}}/remove"): (401, 403, 403, 404, 401, 401),
}  # fmt: skip
CHANGE = {"version": 1, "status": "contacted"}
BODIES = {
    "/api/inbox/account/password": lambda lead: {
        "current_password": "the current password",
        "new_password": "a new passphrase",
        "repeat_password": "a new passphrase",
    },
    "/api/inbox/account/signature": lambda lead: {"signature": "Ana Silva"},
    "/api/inbox/sign-in/code": lambda lead: {"code": "000000"},
    "/api/inbox/enrolment": lambda lead: {"code": "000000"},
    f"{LEAD}/work": lambda lead: CHANGE,
    "/api/inbox/leads/work": lambda lead: {
        **CHANGE,
        "leads": [{"id": lead["lead_id"], "version": 1}],
    },
    f"{LEAD}/spam": lambda lead: {"spam": True, "version": 1},
    f"{LEAD}/notes": lambda lead: {"body": "Called back."},
    "/api/inbox/notes/{note_id}": lambda lead: {"body": "Called back twice."},
    f"{LEAD}/replies": lambda lead: {"body": "Thank you for writing."},
    f"{LEAD}/next-step": lambda lead: {"on": "2026-12-01", "text": "Call back."},
    "/api/inbox/response-target": lambda lead: {"hours": 4},
    "/api/inbox/saved-replies": lambda lead: {"title": "Welcome", "body": "Thank you, {name}."},
    "/api/inbox/saved-replies/{saved_reply_id}": lambda lead: {"title": "Welcome", "body": "Thank you."},
    "/api/inbox/erase": lambda lead: {"email": "mina@harbor.io", "confirm": "mina@harbor.io"},
    "/api/inbox/erase/preview": lambda lead: {"email": "mina@harbor.io", "confirm": "mina@harbor.io"},
    f"{LEAD}/person/merge": lambda lead: {"lead_id": lead["other_lead_id"]},
    "/api/inbox/unfiled/{set_aside_id}/file": lambda lead: {},
    "/api/inbox/views": lambda lead: {"name": "New leads", "query": "status=new"},
    f"{LEAD}/deal": lambda lead: {
        "version": None,
        "stage_id": lead["first_stage"],
        "value_minor": 100,
        "currency": "USD",
        "expected_close": "2027-01-01",
    },
    f"{LEAD}/deal/stage": lambda lead: {"version": 1, "stage_id": lead["first_stage"]},
    "/api/inbox/pipeline/stages/{stage_id}": lambda lead: {"name": "Early", "probability": 5},
    "/api/inbox/pipeline/stages/order": lambda lead: {"stage_ids": []},
    "/api/inbox/pipeline/lost-reasons": lambda lead: {"name": "Went quiet"},
    f"{ASSIGNMENT}/rules": lambda lead: {
        "name": "Every lead",
        "target": "person",
        "user_id": lead["user_id"],
    },
    f"{ASSIGNMENT}/rules/{{rule_id}}": lambda lead: {
        "name": "Any",
        "target": "person",
        "user_id": lead["user_id"],
    },
    f"{ASSIGNMENT}/rules/order": lambda lead: {"rule_ids": []},
    "/api/inbox/tokens": lambda lead: {"name": "CRM", "scopes": ["leads:read"], "days": 30},
    "/api/inbox/webhooks": lambda lead: {"url": "http://10.0.0.1/hook", "events": ["lead.created"]},
    "/api/inbox/webhooks/{endpoint_id}": lambda lead: {"enabled": False},
    f"{ASSIGNMENT}/unowned-alert": lambda lead: {"minutes": 30},
    f"{ASSIGNMENT}/groups": lambda lead: {"name": "Closers", "member_ids": [lead["user_id"]]},
    f"{ASSIGNMENT}/groups/{{group_id}}": lambda lead: {"name": "Closers", "member_ids": []},
    f"{ASSIGNMENT}/people/{{user_id}}": lambda lead: {"away": True, "open_leads_cap": None},
}


def _inbox_rules(app) -> set[tuple[str, str]]:
    rules: list[Rule] = [rule for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/inbox/")]
    return {(method, openapi_path(rule)) for rule in rules for method in rule.methods - {"HEAD", "OPTIONS"}}


def test_the_table_covers_every_inbox_endpoint(app):
    assert set(TABLE) | UNGUARDED == _inbox_rules(app)


@pytest.fixture
def lead(app, client):
    """A stored contact message with its notification pending, as the site leaves one, its address
    from before the one table, and a note on it by a colleague."""
    with app.app_context():
        row = Lead(form="contact", name="Mina Lee", email="mina@harbor.io", message="Hello")
        other = Lead(form="contact", name="Mina Lee", email="mina@home.example", message="Hello again")
        author = StaffUser(email="author@staff.example", name="Author", role="sales", password_hash="-")
        db.session.add_all([row, other, author])
        db.session.flush()
        note = LeadNote(lead_id=row.id, author_id=author.id, body="Left a message.")
        address = LeadAddress(kind="contact", old_id=row.id + 1000, lead_id=row.id)
        db.session.add_all([OutboxMessage(lead_id=row.id), note, address])
        db.session.commit()
        return {
            "lead_id": row.id,
            "other_lead_id": other.id,
            "note_id": note.id,
            "kind": address.kind,
            "old_id": address.old_id,
            "saved_reply_id": 999_999,
            "set_aside_id": 999_999,
            "message_id": 999_999,
            "rule_id": 999_999,
            "view_id": 999_999,
            "merge_id": 999_999,
            "reason_id": 999_999,
            "stage_id": 999_999,
            "first_stage": db.session.scalar(select(DealStage.id).order_by(DealStage.position).limit(1)),
            "group_id": 999_999,
            "endpoint_id": 999_999,
            "token_id": 999_999,
            "delivery_id": 999_999,
            "user_id": author.id,  # who may own a lead
        }


def _as(app, client, who: str):
    """The client as `who`: a session of a new user of that role, sent with the site's Origin and
    the session's CSRF token as the inbox's pages send them, or no session at all."""
    if who == "nobody":
        return client
    role = who if who in ("viewer", "sales", "admin") else "admin"
    with app.app_context():
        user = StaffUser(
            email=f"{who}-{uuid.uuid4().hex[:8]}@staff.example",
            name=who,
            role=role,
            password_hash="not used: the session is made here",
        )
        db.session.add(user)
        db.session.flush()
        token = sessions.start(user, "password" if who == "halfway" else "signed_in")
        if who == "disabled":
            # Disabled behind the command's back, its session left: the guard itself refuses it.
            user.disabled_at = datetime.now(UTC)
        db.session.commit()
        return with_session(client, token)


@pytest.mark.parametrize("endpoint", sorted(TABLE), ids=lambda e: f"{e[0]} {e[1]}")
def test_each_endpoint_answers_each_caller_as_the_table_says(app, lead, endpoint):
    method, path = endpoint
    url = path.format(**lead)
    answers = {}
    for who in WHO:
        client = _as(app, app.test_client(), who)
        body = BODIES[path](lead) if path in BODIES else None
        response = client.open(url, method=method, json=body if method == "POST" else None)
        response.get_data()  # a streamed answer (the download) runs to its end here
        answers[who] = response.status_code
        if response.status_code >= 400:
            assert response.is_json, (who, response.data[:200])

    assert tuple(answers[who] for who in WHO) == TABLE[endpoint], answers
