"""Each working morning's e-mail to each lead owner of their next steps due: queued once the hour has
come on a working day, once per owner and day however many workers queue it (two at once, on
PostgreSQL), none for a disabled owner or spam; sent with what is still due when it goes."""

from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.models.leads import Lead, OutboxMessage
from lead_service.models.staff import StaffUser
from lead_service.outbox.digests import queue_due
from lead_service.outbox.housekeeping import DIGESTS_EVERY, Housekeeping

from ..inbox.conftest import (
    cheapest_password_hashes,  # noqa: F401 (autouse: staff's passwords hashed at the cheapest cost)
    contact,
    no_staff_left,  # noqa: F401 (autouse: the staff, their leads and their e-mails cleared after each test)
    quote,
    two_workers_at_once,
)

FRIDAY = datetime(2026, 11, 27, 8, 0, tzinfo=UTC)
DAY = timedelta(days=1)


@pytest.fixture
def owners(app, staff_user, add):
    """Ana with two next steps due (one overdue) and one later; Ben with one due; Cy, disabled, with
    one due; a spam lead due. Their ids."""
    ana, ben, cy = (staff_user("sales", f"{name}@staff.example") for name in ("ana", "ben", "cy"))
    today = FRIDAY.date()
    add(
        contact("Ann Overdue", owner_id=ana, next_step_on=today - 2 * DAY, next_step="Send the offer"),
        quote("Quinn Today", owner_id=ana, next_step_on=today, next_step="Call back"),
        contact("Lee Later", owner_id=ana, next_step_on=today + DAY, next_step="Visit"),
        contact("Bo Today", owner_id=ben, next_step_on=today, next_step="Write"),
        contact("Cat Disabled", owner_id=cy, next_step_on=today, next_step="Nobody"),
        contact("Spam Bot", owner_id=ben, next_step_on=today, next_step="Spam", spam=True),
    )
    with app.app_context():
        db.session.get(StaffUser, cy).disabled_at = FRIDAY
        db.session.commit()
    return ana, ben, cy


def _queued(app) -> list[tuple[int, str]]:
    with app.app_context():
        rows = db.session.scalars(db.select(OutboxMessage).where(OutboxMessage.purpose == "due"))
        return sorted((row.recipient_id, row.event) for row in rows)


def test_each_owner_with_steps_due_gets_one_a_working_morning(app, owners, monkeypatch):
    ana, ben, _ = owners
    monkeypatch.setitem(app.config, "DUE_DIGEST_HOUR", 7)
    with app.app_context():
        assert queue_due(FRIDAY.replace(hour=6, minute=59)) == 0  # before the hour
        assert queue_due(FRIDAY + DAY) == 0  # Saturday
        assert queue_due(FRIDAY) == 2
        assert queue_due(FRIDAY + timedelta(hours=3)) == 0  # once a day

    assert _queued(app) == [(ana, "2026-11-27"), (ben, "2026-11-27")]
    monkeypatch.setitem(app.config, "DUE_DIGEST_DAYS", (1, 2, 3, 4, 5, 6, 7))
    with app.app_context():
        assert queue_due(FRIDAY + DAY) == 2  # a weekend day counted: the next day's, again


def test_two_workers_at_the_same_moment_queue_it_once(app, owners):
    ana, ben, _ = owners
    counts = two_workers_at_once(app, lambda: queue_due(FRIDAY))

    assert counts in ([0, 2], [1, 1])
    assert _queued(app) == [(ana, "2026-11-27"), (ben, "2026-11-27")]


def test_the_housekeeping_looks_every_few_minutes(app, owners, monkeypatch):
    chores = Housekeeping(next_keys=FRIDAY + DAY, next_purge=FRIDAY + DAY, next_digests=FRIDAY)
    with app.app_context():
        chores.run_due(FRIDAY)
    assert len(_queued(app)) == 2
    assert chores.next_digests == FRIDAY + DIGESTS_EVERY


def test_the_e_mail_lists_what_is_still_due_when_it_goes(app, owners, emailed):
    ana, ben, _ = owners
    with app.app_context():
        queue_due(FRIDAY)
        # Ben's one step done before his e-mail went: nothing left to tell him.
        db.session.execute(db.update(Lead).where(Lead.owner_id == ben).values(next_step_on=None))
        db.session.commit()
    sink = emailed()

    [sent] = sink.messages
    assert sink.envelopes[0][1] == ["ana@staff.example"]
    assert sent["Subject"] == "Due today: 2 next steps"
    body = sent.get_content()
    assert "- Send the offer: Ann Overdue (Contact Us), due Wed 25 Nov (overdue)" in body
    assert "- Call back: Quinn Today (Get Custom Quote), due Fri 27 Nov\r\n" in body
    assert "Visit" not in body and "Lee Later" not in body
    assert _queued(app) == [(ana, "2026-11-27")]  # Ben's, with nothing to tell, went unsent
