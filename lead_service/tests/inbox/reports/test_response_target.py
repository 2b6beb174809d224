"""The team's response target: every role reads it, admins set and lift it (on the audit trail); the
team is alerted once of each lead that came since, still new and unanswered past it in weekday
time, however many workers look, and not when it was answered before the alert went."""

from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.models.leads import Lead, OutboxMessage
from lead_service.models.staff import ResponseTarget
from lead_service.outbox.overdue import queue_overdue
from lead_service.working_time import working_deadline

from ..conftest import contact, quote, two_workers_at_once

TARGET = "/api/inbox/response-target"
# Thursday 26 November 2026, 12:00 UTC: the target is set; the Friday after and the Monday follow.
SET_AT = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
FRIDAY_NIGHT = datetime(2026, 11, 27, 22, 0, tzinfo=UTC)
MONDAY = datetime(2026, 11, 30, 0, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_admins_set_and_lift_it_and_every_role_reads_it(colleague, audit_trail):
    admin, admin_id = colleague("admin", "boss@staff.example")
    viewer, _ = colleague("viewer", "looker@staff.example")

    assert viewer.get(TARGET).json == {"hours": None, "updated_at": None, "updated_by": None}
    assert viewer.post(TARGET, json={"hours": 4}).status_code == 403
    set_ = admin.post(TARGET, json={"hours": 4})
    assert set_.status_code == 200
    assert set_.json["hours"] == 4 and set_.json["updated_by"] == {"id": admin_id, "name": "A admin"}
    assert viewer.get(TARGET).json == set_.json
    assert admin.post(TARGET, json={"hours": None}).json["hours"] is None
    targets = [detail for action, _, detail in audit_trail() if action == "response_target_set"]
    assert targets == [{"hours": 4}, {"hours": None}]


@pytest.mark.parametrize("hours", [0, 121, "4", 1.5, True])
def test_a_target_is_whole_hours_within_a_working_week(colleague, hours):
    admin, _ = colleague("admin")

    answer = admin.post(TARGET, json={"hours": hours})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["hours"]


def test_four_working_hours_skip_the_weekend():
    assert working_deadline(FRIDAY_NIGHT, 4) == MONDAY + 2 * HOUR
    assert working_deadline(datetime(2026, 11, 28, 10, tzinfo=UTC), 4) == MONDAY + 4 * HOUR  # Saturday


@pytest.fixture
def waiting(app, staff_user, add):
    """A 4-hour target set on Thursday; leads of Friday night: one waiting, one answered, one spam;
    and one waiting from before the target. Their ids."""
    admin = staff_user("admin", "setter@staff.example")
    with app.app_context():
        db.session.add(ResponseTarget(id=1, hours=4, updated_at=SET_AT, updated_by=admin))
        db.session.commit()
    return add(
        contact("Wendy Waiting", at=FRIDAY_NIGHT),
        quote("Andy Answered", at=FRIDAY_NIGHT, status="contacted", first_response_at=FRIDAY_NIGHT + HOUR),
        contact("Spam Bot", at=FRIDAY_NIGHT, spam=True),
        contact("Olga Older", at=SET_AT - HOUR),
    )


def _alerts(app) -> list[int]:
    with app.app_context():
        query = db.select(OutboxMessage.lead_id).where(OutboxMessage.purpose == "overdue")
        return db.session.scalars(query).all()


def test_the_team_is_alerted_once_of_a_lead_past_it_in_weekday_time(app, waiting):
    wendy = waiting[0]
    with app.app_context():
        assert queue_overdue(MONDAY + HOUR) == 0  # 3 of its 4 weekday hours gone
        assert queue_overdue(MONDAY + 2 * HOUR) == 1
        assert queue_overdue(MONDAY + 5 * HOUR) == 0  # once
    assert _alerts(app) == [wendy]


def test_two_workers_at_the_same_moment_alert_once(app, waiting):
    counts = two_workers_at_once(app, lambda: queue_overdue(MONDAY + 3 * HOUR))

    assert counts == [0, 1]
    assert _alerts(app) == [waiting[0]]


def test_the_alert_goes_to_the_team_unless_the_lead_was_answered_first(app, waiting, add, emailed):
    [late] = add(contact("Larry Late", at=FRIDAY_NIGHT, email="larry@late.example"))
    with app.app_context():
        queue_overdue(MONDAY + 3 * HOUR)
        db.session.execute(db.update(Lead).where(Lead.id == late).values(first_response_at=MONDAY))
        db.session.commit()
    sink = emailed()

    [sent] = sink.messages
    assert sink.envelopes[0][1] == ["team@x.example"]
    assert sent["Subject"] == "Unanswered past 4 working hours: Wendy Waiting"
    assert f"/inbox/leads/{waiting[0]}" in sent.get_content()
    assert "wendy@acme.example" not in sent.as_string()  # what the lead said stays in the inbox
    assert _alerts(app) == [waiting[0]]  # Larry's, answered, went unsent
