"""The assignment rules as the outbox worker runs them just after a lead is committed: the first rule
that matches and finds someone free gives the lead to its named person, or to a group's members in
turn or to the least busy; away and full members are passed over; a lead nobody is given alerts the
team once, as does one that waits unowned past the admins' setting; each assignment is on the audit
trail with its rule and e-mails its owner."""

import json
import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.exc import OperationalError

from lead_service.assignment import placing
from lead_service.extensions import db
from lead_service.inbox.leads import work
from lead_service.models.assignment import (
    AssignmentRule,
    StaffGroup,
    StaffGroupMember,
    UnownedAlertSetting,
)
from lead_service.models.leads import Lead, OutboxMessage
from lead_service.models.staff import AuditEvent, StaffUser
from lead_service.outbox import queue
from lead_service.outbox.unowned import queue_waiting
from lead_service.tests.samples import QUOTE

from ..inbox.conftest import contact, no_staff_left, quote, two_workers_at_once  # noqa: F401 (autouse)

HIGH_BUDGETS = ["5000$ - 10000$ Estimated", "More than 10000$ Estimated"]


@pytest.fixture
def rule(app, staff_user):
    """Keeps a rule, last in order: its id."""
    author = staff_user("admin", "rule-keeper@staff.example")

    def keep(target: str, user_id: int | None = None, group_id: int | None = None, **conditions) -> int:
        with app.app_context():
            position = db.session.scalar(db.select(db.func.count()).select_from(AssignmentRule))
            kept = AssignmentRule(
                position=position,
                name=f"rule {position}",
                target=target,
                user_id=user_id,
                group_id=group_id,
                updated_by=author,
                **{
                    name: json.dumps(conditions.get(name, []))
                    for name in ("forms", "countries", "budgets", "sources")
                },
            )
            db.session.add(kept)
            db.session.commit()
            return kept.id

    return keep


@pytest.fixture
def group(app):
    def make(name: str, *members: int) -> int:
        with app.app_context():
            made = StaffGroup(name=name)
            db.session.add(made)
            db.session.flush()
            db.session.add_all(StaffGroupMember(group_id=made.id, user_id=member) for member in members)
            db.session.commit()
            return made.id

    return make


@pytest.fixture
def arrive(app, add):
    """Leads stored and queued as intake stores and queues them: their ids."""

    def store(*leads: Lead) -> list[int]:
        with app.app_context():
            for lead in leads:
                placing.mark_waiting(lead)
        ids = add(*leads)
        with app.app_context():
            for lead_id in ids:
                queue.enqueue(lead_id)
            db.session.commit()
        return ids

    return store


def _owners(app, ids: list[int]) -> list[int | None]:
    with app.app_context():
        return [db.session.get(Lead, lead_id).owner_id for lead_id in ids]


def _set(app, user_id: int, **values) -> None:
    with app.app_context():
        db.session.execute(db.update(StaffUser).where(StaffUser.id == user_id).values(**values))
        db.session.commit()


def test_a_malaysian_quote_over_a_budget_band_goes_to_its_named_person(
    app, staff_user, rule, arrive, emailed
):
    asia = staff_user("sales", "asia@staff.example")
    rule("person", user_id=asia, forms=["quote"], countries=["malaysia"], budgets=HIGH_BUDGETS)

    big, small, british = arrive(
        quote("Aziz Big", country="Malaysia", budget="More than 10000$ Estimated"),
        quote("Siti Small", country="Malaysia", budget="500$ - 1000$ Esmtimated"),
        quote("Ben Big", country="United Kingdom", budget="More than 10000$ Estimated"),
    )
    sink = emailed()

    assert _owners(app, [big, small, british]) == [asia, None, None]
    with app.app_context():
        event = db.session.scalars(db.select(AuditEvent).where(AuditEvent.action == "owner_changed")).one()
        assert (event.actor_id, event.lead_id) == (None, big)
        assert json.loads(event.detail)["owner_id"] == asia
        assert db.session.get(Lead, big).version == 2  # a colleague's change on version 1 is refused
    [told] = [message for message in sink.messages if message["Subject"] == "A lead for you: Aziz Big"]
    assert told["To"] == "A sales <asia@staff.example>"


def test_round_robin_gives_three_leads_to_three_members_in_turn(
    app, staff_user, rule, group, arrive, emailed
):
    members = [staff_user("sales", f"member{n}@staff.example") for n in range(3)]
    rule("round_robin", group_id=group("Everyone", *members))

    leads = arrive(*(contact(f"Lead{n} Person", email=f"lead{n}@x.example") for n in range(4)))
    emailed()

    assert _owners(app, leads) == [*members, members[0]]


def test_an_away_member_is_skipped_and_a_full_one_passed_over(
    app, staff_user, rule, group, arrive, add, emailed
):
    away, full, free = (staff_user("sales", f"{name}@staff.example") for name in ("away", "full", "free"))
    _set(app, away, away=True)
    _set(app, full, open_leads_cap=1)
    add(contact("Held Already", owner_id=full), contact("Won Already", owner_id=free, status="won"))
    rule("round_robin", group_id=group("Shift", away, full, free))

    leads = arrive(contact("One Lead", email="one@x.example"), contact("Two Lead", email="two@x.example"))
    emailed()

    assert _owners(app, leads) == [free, free]


def test_the_least_busy_member_gets_the_lead(app, staff_user, rule, group, arrive, add, emailed):
    busy, idle = staff_user("sales", "busy@staff.example"), staff_user("sales", "idle@staff.example")
    add(contact("Open One", owner_id=busy), contact("Open Two", owner_id=idle, status="lost"))
    add(contact("Open Three", owner_id=busy, status="qualified"), contact("Open Four", owner_id=idle))
    rule("fewest_open", group_id=group("Closers", busy, idle))

    [lead] = arrive(contact("New Lead", email="new@x.example"))
    emailed()

    assert _owners(app, [lead]) == [idle]


def test_a_rule_with_nobody_free_passes_the_lead_to_the_next(app, staff_user, rule, arrive, emailed):
    first, second = staff_user("sales", "first@staff.example"), staff_user("admin", "second@staff.example")
    _set(app, first, away=True)
    rule("person", user_id=first)
    rule("person", user_id=second)

    [lead] = arrive(contact())
    emailed()

    assert _owners(app, [lead]) == [second]


def test_an_unplaced_lead_alerts_the_team_once(app, staff_user, rule, arrive, emailed):
    someone = staff_user("sales", "quotes@staff.example")
    rule("person", user_id=someone, forms=["quote"])
    with app.app_context():
        db.session.add(UnownedAlertSetting(id=1, minutes=1, updated_by=someone))
        db.session.commit()

    [lead] = arrive(contact("Nora Nobody"))
    sink = emailed()
    with app.app_context():  # it then waits past the setting too: still alerted of once
        assert queue_waiting(datetime.now(UTC) + timedelta(hours=1)) == 0
    emailed()

    assert _owners(app, [lead]) == [None]
    [alert] = [message for message in sink.messages if message["Subject"].startswith("Nobody")]
    assert alert["To"] == "team@x.example"
    assert alert["Subject"] == "Nobody has this lead: Nora Nobody"
    assert "No assignment rule gave it to anyone" in alert.get_content()
    assert f"/inbox/leads/{lead}" in alert.get_content()


def test_a_lead_given_by_hand_before_the_rules_ran_stays_with_its_owner(
    app, staff_user, rule, arrive, emailed
):
    ruled, chosen = staff_user("sales", "ruled@staff.example"), staff_user("sales", "chosen@staff.example")
    rule("person", user_id=ruled)
    [lead] = arrive(contact())
    with app.app_context():
        db.session.execute(db.update(Lead).where(Lead.id == lead).values(owner_id=chosen))
        db.session.commit()

    sink = emailed()

    assert _owners(app, [lead]) == [chosen]
    assert [message["Subject"] for message in sink.messages] == ["New contact message from Ann Contact, Acme"]


def test_intake_marks_a_lead_waiting_for_the_rules_only_while_there_are_rules_and_writes_nothing_more(
    app, client, staff_user, rule
):
    without = client.post("/api/quote", json=QUOTE).json["id"]
    rule("person", user_id=staff_user("sales", "seller@staff.example"))
    with_rules = client.post("/api/quote", json={**QUOTE, "email": "second@example.com"}).json["id"]

    with app.app_context():
        waiting = {lead.id: lead.awaiting_rules for lead in db.session.scalars(db.select(Lead))}
        purposes = db.session.scalars(db.select(OutboxMessage.purpose)).all()
    assert waiting == {without: False, with_rules: True}
    assert purposes == ["new_lead", "new_lead"]


def test_a_lead_sent_to_intake_is_placed_by_the_worker(app, client, staff_user, rule, emailed):
    seller = staff_user("sales", "seller@staff.example")
    rule("person", user_id=seller, countries=["United Kingdom"])

    stored = client.post("/api/quote", json=QUOTE)
    emailed()

    assert _owners(app, [stored.json["id"]]) == [seller]
    with app.app_context():
        assert db.session.get(Lead, stored.json["id"]).awaiting_rules is False


def test_a_lead_let_in_from_spam_is_placed(app, staff_user, rule, add, emailed):
    seller = staff_user("sales", "seller@staff.example")
    rule("person", user_id=seller)
    [lead] = add(contact("Once Spam", spam=True))
    with app.app_context():
        work.mark_spam(lead, 1, False, db.session.get(StaffUser, seller))
    emailed()

    assert _owners(app, [lead]) == [seller]


def test_a_lead_that_cannot_be_placed_alerts_the_team_and_the_others_are_placed(
    app, staff_user, rule, arrive, emailed, monkeypatch
):
    seller = staff_user("sales", "seller@staff.example")
    rule("person", user_id=seller)
    first, poison, last = arrive(contact("First Lead"), contact("Poison Lead"), contact("Last Lead"))
    choose = placing.Placing.choose

    def failing(rules, lead):
        if lead.id == poison:
            raise OperationalError("SELECT leads", {}, Exception("the database refused it"))
        return choose(rules, lead)

    monkeypatch.setattr(placing.Placing, "choose", failing)
    sink = emailed()
    emailed()  # the worker's next round: nothing waits any more

    assert _owners(app, [first, poison, last]) == [seller, None, seller]
    alerts = [message["Subject"] for message in sink.messages if message["Subject"].startswith("Nobody")]
    assert alerts == ["Nobody has this lead: Poison Lead"]
    with app.app_context():
        assert db.session.scalars(db.select(Lead.id).where(Lead.awaiting_rules.is_(True))).all() == []


def test_a_lead_waits_for_the_rules_while_the_database_does_not_answer(
    app, staff_user, rule, arrive, monkeypatch
):
    rule("person", user_id=staff_user("sales", "seller@staff.example"))
    [lead] = arrive(contact("Patient Lead"))

    def away(*_args, **_kwargs):
        raise OperationalError("SELECT", {}, Exception("the database is away"))

    monkeypatch.setattr(placing.Placing, "choose", away)
    with app.app_context():
        session = db.session()
        execute = session.execute

        def answering_nothing(statement, *args, **kwargs):
            if str(statement) == "SELECT 1":
                away()
            return execute(statement, *args, **kwargs)

        monkeypatch.setattr(session, "execute", answering_nothing)
        with pytest.raises(OperationalError):
            queue.place_due(threading.Event(), lambda: None)
        db.session.rollback()

    monkeypatch.undo()
    with app.app_context():
        assert db.session.get(Lead, lead).awaiting_rules is True
        assert db.session.scalars(db.select(OutboxMessage.purpose)).all() == ["new_lead"]


@pytest.fixture
def waiting(app, staff_user, add):
    """The alert after 30 minutes without an owner, set an hour ago; leads: one waiting 40 minutes,
    one 10, one owned, one a bot's and one from before the setting. Their ids."""
    admin = staff_user("admin", "setter@staff.example")
    now = datetime.now(UTC)
    with app.app_context():
        db.session.add(
            UnownedAlertSetting(id=1, minutes=30, updated_at=now - timedelta(hours=1), updated_by=admin)
        )
        db.session.commit()
    minutes = lambda count: now - timedelta(minutes=count)  # noqa: E731
    return now, add(
        contact("Wendy Waiting", at=minutes(40)),
        contact("Fay Fresh", at=minutes(10)),
        contact("Otto Owned", at=minutes(40), owner_id=admin),
        contact("Spam Bot", at=minutes(40), spam=True),
        contact("Olga Older", at=minutes(120)),
    )


def test_a_lead_waiting_unowned_past_the_setting_alerts_the_team_once(app, waiting, emailed):
    now, _ = waiting
    with app.app_context():
        assert queue_waiting(now) == 1
        assert queue_waiting(now + timedelta(minutes=25)) == 1  # Fay's turn
        assert queue_waiting(now + timedelta(hours=1)) == 0
    sink = emailed()

    assert sorted(message["Subject"] for message in sink.messages) == [
        "Nobody has this lead: Fay Fresh",
        "Nobody has this lead: Wendy Waiting",
    ]
    assert "It has waited 30 minutes with nobody's name on it." in sink.messages[0].get_content()


def test_two_workers_at_the_same_moment_alert_once(app, waiting):
    now, _ = waiting
    assert two_workers_at_once(app, lambda: queue_waiting(now)) == [0, 1]
