"""The dashboard's past days are counted once and kept: a read after that counts only today's
leads, and any change to a lead of a kept day, by whatever statement, has it counted again."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete, select, update

from lead_service.extensions import db
from lead_service.inbox.reports import dashboard
from lead_service.inbox.reports.dashboard_api import InboxDashboard
from lead_service.inbox.reports.dashboard_days import _keep, settled_before
from lead_service.inbox.reports.day_figures import Day
from lead_service.models.dashboard import DashboardDay
from lead_service.models.leads import Lead

from ..conftest import contact, quote

NOW = datetime(2026, 3, 13, 15, 30, tzinfo=UTC)  # a Friday
KEPT = datetime(2026, 3, 9, 10, tzinfo=UTC)  # a Monday, kept at NOW
LIVE = datetime(2026, 3, 13, 10, tzinfo=UTC)  # today, read from the leads at NOW


@pytest.fixture
def figures(app, client):
    def read(now: datetime = NOW) -> dict:
        with app.app_context():
            return InboxDashboard().dump(dashboard.figures(now))

    return read


@pytest.fixture
def kept(app, client):
    """The kept row of a day: (version, counted_version, figures or None)."""

    def read(day: datetime) -> tuple | None:
        with app.app_context():
            row = db.session.execute(
                select(DashboardDay.version, DashboardDay.counted_version, DashboardDay.figures).where(
                    DashboardDay.day == day.date()
                )
            ).one_or_none()
            return tuple(row) if row else None

    return read


def _count(found: dict, day: datetime, form: str = "contact") -> int:
    return next(entry["counts"][form] for entry in found["daily"] if entry["day"] == f"{day:%Y-%m-%d}")


def test_a_day_is_kept_from_an_hour_after_it_ended():
    assert settled_before(NOW) == LIVE.date()
    assert settled_before(datetime(2026, 3, 13, 0, 59, tzinfo=UTC)) == datetime(2026, 3, 12).date()
    assert settled_before(datetime(2026, 3, 13, 1, 0, tzinfo=UTC)) == datetime(2026, 3, 13).date()


def test_a_past_day_is_counted_once_and_then_read_as_kept(app, add, figures, kept):
    add(contact("Ann One", KEPT), contact("Bob Two", LIVE))

    first = figures()
    version, counted_version, counts = kept(KEPT)
    assert version == counted_version and counts["forms"] == {"contact": 1}
    assert (kept(LIVE) or (0, None, None))[2] is None  # today is never kept
    # What is kept is what is read: changed behind the trigger's back, the read shows it.
    with app.app_context():
        db.session.execute(
            update(DashboardDay)
            .where(DashboardDay.day == KEPT.date())
            .values(figures={**counts, "forms": {"contact": 7}, "sources": {"Direct": 7}})
        )
        db.session.commit()
    second = figures()
    assert (_count(first, KEPT), _count(second, KEPT)) == (1, 7)
    assert (first["total"], second["total"]) == (2, 8)


@pytest.mark.parametrize(
    "change",
    [
        "answered",
        "spam",
        "source",
        "erased",
        "another lead of that day",
    ],
)
def test_a_change_to_a_lead_of_a_kept_day_has_it_counted_again(app, add, figures, kept, change):
    [ann] = add(contact("Ann One", KEPT))
    before = figures()
    assert before["total"] == 1 and before["response"]["answered"] == 0
    with app.app_context():
        lead = db.session.get(Lead, ann)
        if change == "answered":
            lead.first_response_at, lead.status = KEPT + timedelta(hours=2), "contacted"
        elif change == "spam":
            lead.spam = True
        elif change == "source":
            lead.utm_source = "newsletter"
        elif change == "erased":
            db.session.execute(delete(Lead).where(Lead.id == ann))
        else:
            db.session.add(quote("Bob Two", KEPT + timedelta(hours=3)))
        db.session.commit()
    version, counted_version, counts = kept(KEPT)
    assert counts is None and version == counted_version + 1  # forgotten, erased data with it

    after = figures()

    expected = {
        "answered": (1, 1, 7200, "Direct"),
        "spam": (0, 0, None, None),
        "source": (1, 0, None, "newsletter"),
        "erased": (0, 0, None, None),
        "another lead of that day": (2, 0, None, "Direct"),
    }[change]
    found = (
        after["total"],
        after["response"]["answered"],
        after["response"]["median_seconds"],
        after["sources"][0]["label"] if after["sources"] else None,
    )
    assert found == expected
    version, counted_version, counts = kept(KEPT)
    assert counts is not None and version == counted_version


def test_figures_counted_before_a_change_are_not_kept_over_it(app, add, kept):
    add(contact("Ann One", KEPT))
    version, _counted, counts = kept(KEPT)
    assert counts is None  # the insert of a past day's lead made the row
    with app.app_context():
        db.session.execute(update(Lead).values(utm_source="changed"))  # a bulk UPDATE fires it too
        db.session.commit()
        _keep(KEPT.date(), version, Day())  # counted while the version was the one before
        db.session.commit()
    version_after, _counted, counts = kept(KEPT)
    assert (version_after, counts) == (version + 1, None)


def test_todays_leads_leave_the_kept_days_alone(add, kept):
    now = datetime.now(UTC)
    add(contact("Ann Now", now))
    assert kept(now) is None


def test_a_kept_days_unanswered_lead_counts_once_its_deadline_passes(add, figures, kept):
    came = datetime(2026, 3, 12, 16, tzinfo=UTC)  # Thursday 16:00: due at NOW + 30 minutes
    add(contact("Ann Waiting", came))

    before = figures()["response"]
    kept_before = kept(came)
    after = figures(NOW + timedelta(hours=1))["response"]

    assert (before["counted"], after["counted"]) == (0, 1)
    assert after["in_time"] == 0 and after["share"] == 0.0
    assert kept(came) == kept_before  # from what was kept, not counted again


def test_the_median_spans_kept_and_counted_days(add, figures):
    # Seconds to the first response: 60 and 300 on kept days, 120 and 7200 on the last days.
    add(
        contact("Ann One", KEPT, first_response_at=KEPT + timedelta(seconds=60)),
        contact("Bob Two", KEPT + timedelta(days=1), first_response_at=KEPT + timedelta(days=1, seconds=300)),
        contact("Cat Three", LIVE, first_response_at=LIVE + timedelta(seconds=120)),
        contact("Dan Four", LIVE, first_response_at=LIVE + timedelta(seconds=7200)),
    )
    assert figures()["response"]["median_seconds"] == (120 + 300) / 2
    assert figures()["response"]["median_seconds"] == 210  # the second read, from the kept days
