"""A lead's next step, set by its owner (or an admin) and cleared, on the audit trail; the Due view
of those due today or overdue, the reader's own or everyone's, the earliest first, spam left out."""

from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.models.leads import Lead

from ..conftest import contact, quote

LEAD = "/api/inbox/leads/{}"


def _step(client, lead_id, on, text="Call back about the budget."):
    return client.post(f"{LEAD.format(lead_id)}/next-step", json={"on": on, "text": text})


def _owned_by(app, owner_id, *leads):
    with app.app_context():
        db.session.execute(db.update(Lead).where(Lead.id.in_(leads)).values(owner_id=owner_id))
        db.session.commit()


def test_the_owner_sets_a_next_step_and_clears_it(colleague, add, app, audit_trail):
    client, user_id = colleague("sales")
    [lead_id] = add(contact())
    _owned_by(app, user_id, lead_id)

    answer = _step(client, lead_id, "2026-12-03", "  Call back about the budget. ")

    assert answer.status_code == 200
    assert answer.json["next_step"] == {"on": "2026-12-03", "text": "Call back about the budget."}
    assert client.get(LEAD.format(lead_id)).json["work"]["next_step"] == answer.json["next_step"]
    cleared = client.post(f"{LEAD.format(lead_id)}/next-step", json={"on": None})
    assert cleared.status_code == 200 and cleared.json["next_step"] is None
    with app.app_context():
        lead = db.session.get(Lead, lead_id)
        assert (lead.next_step_on, lead.next_step) == (None, None)
    steps = [(action, detail) for action, _, detail in audit_trail() if action.startswith("next_step")]
    assert steps == [
        ("next_step_set", {"on": "2026-12-03", "length": 27}),
        ("next_step_cleared", {}),
    ]


def test_only_the_owner_or_an_admin_sets_it(colleague, add, app):
    owner_client, owner = colleague("sales", "owner@staff.example")
    other_client, _ = colleague("sales", "other@staff.example")
    admin_client, _ = colleague("admin", "boss@staff.example")
    [lead_id] = add(contact())
    _owned_by(app, owner, lead_id)

    refused = _step(other_client, lead_id, "2026-12-03")

    assert refused.status_code == 409
    assert "take the lead first" in refused.json["description"]
    assert _step(admin_client, lead_id, "2026-12-04").status_code == 200
    assert _step(owner_client, 999_999, "2026-12-04").status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"on": "2026-12-03", "text": "  "}, "text"),
        ({"on": "2026-12-03"}, "text"),
        ({"on": "3 December", "text": "Call."}, "on"),
        ({"on": "2026-12-03", "text": "Call\nback"}, "text"),
        ({"on": "2026-12-03", "text": "x" * 201}, "text"),
        ({"text": "Call."}, "on"),
    ],
)
def test_a_next_step_is_a_day_and_one_line(colleague, add, app, body, field):
    client, user_id = colleague("sales")
    [lead_id] = add(contact())
    _owned_by(app, user_id, lead_id)

    answer = client.post(f"{LEAD.format(lead_id)}/next-step", json=body)

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]


def test_the_due_view_lists_today_and_overdue_the_earliest_first(colleague, add, app, audit_trail):
    client, me = colleague("sales", "me@staff.example")
    _, someone = colleague("sales", "someone@staff.example")
    today = datetime.now(UTC).date()
    day = timedelta(days=1)
    late, due, later, theirs, spam, unowned = add(
        contact("Ann Late", next_step_on=today - 3 * day, next_step="Send the offer"),
        quote("Quinn Due", next_step_on=today, next_step="Call"),
        contact("Cat Later", next_step_on=today + day, next_step="Visit"),
        contact("Dan Theirs", next_step_on=today - day, next_step="Theirs"),
        contact("Eve Spam", next_step_on=today - day, next_step="Spam", spam=True),
        contact("Fay Nobody", next_step_on=today - 2 * day, next_step="Nobody's"),
    )
    _owned_by(app, me, late, due, later, spam)
    _owned_by(app, someone, theirs)

    mine = client.get("/api/inbox/due").json
    everyone = client.get("/api/inbox/due?who=everyone").json

    assert mine["today"] == today.isoformat()
    assert [lead["id"] for lead in mine["leads"]] == [late, due]
    assert mine["leads"][0]["next_step"] == {"on": (today - 3 * day).isoformat(), "text": "Send the offer"}
    assert mine["leads"][1]["form_title"] == "Get Custom Quote"
    assert [lead["id"] for lead in everyone["leads"]] == [late, unowned, theirs, due]
    assert everyone["leads"][1]["owner"] is None
    assert mine["more"] is everyone["more"] is False
    listed = [detail for action, _, detail in audit_trail() if action == "due_listed"]
    assert listed == [{"rows": 2, "who": "mine"}, {"rows": 4, "who": "everyone"}]
    assert client.get("/api/inbox/due?who=all").status_code == 400
