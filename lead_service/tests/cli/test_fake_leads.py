"""`lead-service leads fake --count N`: made-up leads of both kinds over the last year, some spam,
each other one with a notification that no worker will send, and the sales team's work on them
(owners, next steps, conversations, notes, deals, merged people), in a test database only."""

from collections import Counter
from datetime import UTC, datetime, timedelta

import click
import phonenumbers
import pytest
from sqlalchemy import delete
from sqlalchemy.engine import make_url

from lead_service import create_app
from lead_service.cli import fake_work
from lead_service.cli.fake_leads import allowed
from lead_service.extensions import db
from lead_service.inbox.leads import person
from lead_service.inbox.leads.filters import Filters
from lead_service.inbox.leads.highlight import terms
from lead_service.inbox.leads.page import page
from lead_service.models.conversation import LeadMessage
from lead_service.models.deals import Deal, DealStage
from lead_service.models.leads import Lead, LeadChange, as_utc
from lead_service.models.people import PersonAddress, PersonMerge, PersonMergeMove
from lead_service.models.staff import LeadNote, StaffUser
from lead_service.schemas import phone_country


@pytest.fixture
def runner(app, client):
    """The CLI, and what `leads fake` adds past the leads gone after the test too: the made-up team,
    the people merged and the change journal's rows (the leads' conversations, notes and deals go
    with them), which other tests read through."""
    yield app.test_cli_runner()
    with app.app_context():
        for model in (PersonMergeMove, PersonAddress, PersonMerge, LeadNote, Lead, LeadChange):
            db.session.execute(delete(model))
        db.session.execute(delete(StaffUser).where(StaffUser.email.endswith("@" + fake_work.STAFF_DOMAIN)))
        db.session.commit()


def to_e164(phone: str) -> str:
    number = phonenumbers.parse(phone)
    assert phonenumbers.is_valid_number(number), phone
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def test_fake_leads_of_both_kinds_over_the_last_year(runner, rows, app):
    result = runner.invoke(args=["leads", "fake", "--count", "400", "--seed", "3"])

    assert result.exit_code == 0, result.output
    contacts, quotes, outbox = rows("contact"), rows("quote"), rows("outbox")
    assert len(contacts) + len(quotes) == 400
    assert f"added {len(contacts)} contact message(s) and {len(quotes)} quote request(s)" in result.output
    assert len(quotes) > 50
    assert {lead.form for lead in contacts} == {"contact", "caseStudiesContact"}
    leads = [*contacts, *quotes]
    spam = [lead for lead in leads if lead.spam]
    assert 0 < len(spam) < 100
    now = datetime.now(UTC)
    assert all(now - timedelta(days=366) < as_utc(lead.created_at) <= now for lead in leads)
    assert max(lead.created_at for lead in leads) - min(lead.created_at for lead in leads) > timedelta(
        days=200
    )
    assert all(lead.email.endswith((".example", ".test")) for lead in leads)
    # Every phone in E.164 and every country the number's, as the service stores a lead's.
    assert all(lead.phone.startswith("+") and lead.phone[1:].isdigit() for lead in quotes)
    with_phone = [lead for lead in leads if lead.phone]
    assert len(with_phone) < len(leads)  # the case-studies form's phone is optional
    assert all(lead.phone == to_e164(lead.phone) for lead in with_phone)
    assert {lead.country for lead in with_phone} == {"United Kingdom", "United States", "Malaysia"}
    assert all(lead.country == phone_country(lead.phone, None) for lead in with_phone)
    assert all(lead.country is None for lead in leads if not lead.phone)
    # One notification per lead that is not spam, none due for a worker to send.
    told = [row.lead_id for row in outbox]
    assert sorted(told) == sorted(lead.id for lead in leads if not lead.spam)
    assert {row.status for row in outbox} <= {"delivered", "dead"}


def test_fake_leads_can_be_searched(runner, app):
    assert runner.invoke(args=["leads", "fake", "--count", "50", "--seed", "1"]).exit_code == 0
    with app.app_context():
        lead = db.session.scalars(db.select(Lead).where(Lead.form == "quote", Lead.spam.is_(False))).first()
        local_part = lead.email.split("@")[0]
        found = page(Filters(spam="include", terms=terms(local_part[1:])))["leads"]

    assert lead.id in {row["id"] for row in found}


def test_fake_leads_come_in_time_order_with_repeat_senders_and_the_teams_work(runner, app):
    for _ in range(2):  # a second run adds to the first
        assert runner.invoke(args=["leads", "fake", "--count", "3000", "--seed", "5"]).exit_code == 0

    with app.app_context():
        leads = db.session.scalars(db.select(Lead).order_by(Lead.id)).all()
        staff = db.session.scalars(db.select(StaffUser.id)).all()
        messages = db.session.scalars(db.select(LeadMessage)).all()
        notes = db.session.scalars(db.select(LeadNote)).all()
        deals = db.session.execute(db.select(Deal, DealStage.outcome).join(DealStage)).all()
        merged = db.session.scalars(db.select(PersonAddress)).all()
        busiest = Counter(lead.email_folded for lead in leads[:3000]).most_common(1)[0]
        lead = next(lead for lead in leads if lead.email_folded == busiest[0])
        shown = person.person(lead)

    assert len(leads) == 6000 and len(staff) == 6
    for run in (leads[:3000], leads[3000:]):
        assert [lead.created_at for lead in run] == sorted(lead.created_at for lead in run)
    # A long tail: many wrote twice or more, a few many times, one person's page shows them all.
    assert busiest[1] >= 8
    assert len(shown["leads"]) >= busiest[1] - 1
    answered = {lead.id: lead for lead in leads if lead.first_response_at is not None}
    assert all(lead.owner_id in staff for lead in answered.values())
    assert all(lead.owner_id is None for lead in leads if lead.id not in answered)
    due = [lead for lead in leads if lead.next_step_on]
    assert due and {lead.status for lead in due} <= {"contacted", "qualified"}
    assert any(lead.next_step_on < datetime.now(UTC).date() for lead in due)
    # Conversations, notes and deals on answered leads only, each conversation a reply first.
    assert {message.lead_id for message in messages} == set(answered)
    firsts = {}
    for message in sorted(messages, key=lambda message: message.id):
        firsts.setdefault(message.lead_id, message.direction)
    assert set(firsts.values()) == {"out"}
    assert any(message.direction == "in" for message in messages)
    assert notes and {note.lead_id for note in notes} < set(answered)
    assert deals and all(answered[deal.lead_id].status in ("qualified", "won", "lost") for deal, _ in deals)
    assert all(outcome in (None, answered[deal.lead_id].status) for deal, outcome in deals)
    # Second addresses merged into their person, each of them a lead's.
    addresses = {lead.email_folded for lead in leads}
    assert merged and all({row.address, row.person} <= addresses for row in merged)
    # The ids go on from the last, for the next lead sent too.
    with app.app_context():
        db.session.add(Lead(form="contact", name="Next", email="next@leads.io", message="Hello"))
        db.session.commit()
        assert db.session.scalar(db.select(db.func.max(Lead.id))) == len(leads) + 1


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("sqlite:////srv/leads/instance/leads.db", True),
        ("sqlite:///leads.db", True),
        ("sqlite://", False),
        ("sqlite:///:memory:", False),
        ("sqlite:///file::memory:?cache=shared", False),
        ("postgresql+psycopg://u@localhost/leads_test", True),
        ("postgresql+psycopg://u@localhost/test", True),
        ("postgresql+psycopg://u@localhost/leads", False),
        ("postgresql+psycopg://u@localhost/", False),
        ("mysql://u@localhost/test", False),
    ],
)
def test_only_a_local_file_or_a_test_database_takes_fake_leads(url, ok):
    assert allowed(make_url(url)) is ok


def test_a_database_that_may_hold_real_leads_is_refused():
    app = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/leads"})

    result = app.test_cli_runner().invoke(args=["leads", "fake", "--count", "5"])

    assert result.exit_code == click.UsageError.exit_code
    assert "test" in result.output
