"""The sales team's dashboard: leads per day and form over the last 90 UTC days, by source and by
landing page (the 10 largest and Other), the share answered within one working day at the
weekend's edges, and the median time to a first response; spam in none of them; every staff role
reads it, and reading it is not on the audit trail."""

import random
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from lead_service.inbox.reports import dashboard
from lead_service.inbox.reports.dashboard_api import InboxDashboard
from lead_service.inbox.reports.day_figures import deadline

from ..conftest import contact, quote

# A Friday afternoon; the week before it runs Monday 2 to Sunday 8 March 2026.
NOW = datetime(2026, 3, 13, 15, 30, tzinfo=UTC)


def at(day: int, hour: int = 12, minute: int = 0, second: int = 0) -> datetime:
    """A moment in March 2026 (UTC)."""
    return datetime(2026, 3, day, hour, minute, second, tzinfo=UTC)


@pytest.fixture
def figures(app, client):
    """The dashboard's figures at `now`, as its view answers them (`client`: its clean-up removes the
    test's leads)."""

    def read(now: datetime = NOW) -> dict:
        with app.app_context():
            return InboxDashboard().dump(dashboard.figures(now))

    return read


def _day(found: dict, day: str) -> dict[str, int]:
    return next(entry["counts"] for entry in found["daily"] if entry["day"] == day)


def test_leads_per_day_and_form_cover_the_last_90_utc_days_without_spam(add, figures):
    first = NOW - timedelta(days=89)
    add(
        contact("Ann One", at(13, 0, 0, 0)),
        contact("Bob Two", at(13, 15, 29)),
        contact("Cat Three", at(12, 23, 59, 59), form="caseStudiesContact"),
        quote("Dan Four", at(12, 0, 0, 1)),
        quote("Eve Five", first.replace(hour=0, minute=0)),  # the period's first moment
        quote("Fay Six", first.replace(hour=0, minute=0) - timedelta(seconds=1)),  # the day before it
        contact("Gus Spam", at(13, 9), spam=True),
        quote("Hal Spam", at(12, 9), spam=True),
    )

    found = figures()

    assert (found["since"], found["until"], found["days"]) == ("2025-12-14", "2026-03-13", 90)
    assert [day["day"] for day in found["daily"]][:2] == ["2025-12-14", "2025-12-15"]
    assert len(found["daily"]) == 90 and found["daily"][-1]["day"] == "2026-03-13"
    assert [form["name"] for form in found["forms"]] == ["contact", "caseStudiesContact", "quote"]
    assert found["forms"][2]["title"] == "Get Custom Quote"
    assert _day(found, "2026-03-13") == {"contact": 2, "caseStudiesContact": 0, "quote": 0}
    assert _day(found, "2026-03-12") == {"contact": 0, "caseStudiesContact": 1, "quote": 1}
    assert _day(found, "2025-12-14") == {"contact": 0, "caseStudiesContact": 0, "quote": 1}
    assert sum(sum(day["counts"].values()) for day in found["daily"]) == found["total"] == 5


def test_a_source_is_the_utm_source_else_the_referring_host_else_direct(add, figures):
    add(
        contact(
            "Ann One", at(10), utm_source="newsletter", referrer_host="mail.example", landing_path="/blog"
        ),
        contact("Bob Two", at(10), referrer_host="www.google.com", landing_path="/blog"),
        quote("Cat Three", at(11), referrer_host="www.google.com"),
        quote("Dan Four", at(11)),
        quote("Eve Five", at(11), utm_source="spam-source", spam=True),
    )

    found = figures()

    assert found["sources"] == [
        {"label": "www.google.com", "count": 2},
        {"label": "Direct", "count": 1},
        {"label": "newsletter", "count": 1},
    ]
    assert found["landing_pages"] == [{"label": "/blog", "count": 2}, {"label": "Not recorded", "count": 2}]


def test_past_the_10_largest_sources_the_rest_are_other(add, figures):
    leads = [
        contact(
            f"Lead N{number}x{copy}", at(10), utm_source=f"source-{number:02d}", landing_path=f"/p{number}"
        )
        for number in range(13)
        for copy in range(13 - number)
    ]
    add(*leads)

    found = figures()

    assert [row["label"] for row in found["sources"]] == [f"source-{n:02d}" for n in range(10)] + ["Other"]
    assert found["sources"][0]["count"] == 13 and found["sources"][-1] == {
        "label": "Other",
        "count": 3 + 2 + 1,
    }
    assert found["landing_pages"][-1] == {"label": "Other", "count": 6}
    assert sum(row["count"] for row in found["landing_pages"]) == found["total"] == len(leads)


@pytest.mark.parametrize(
    ("came", "due"),
    [
        (at(10, 9), at(11, 9)),  # Tuesday: a day
        (at(12, 23, 59), at(13, 23, 59)),  # Thursday night: Friday night
        (at(6, 15), at(9, 15)),  # Friday 15:00: Monday 15:00
        (at(6, 0), at(9, 0)),  # Friday 00:00: its day ends as the weekend starts
        (at(7, 10), at(10, 0)),  # Saturday 10:00: Tuesday 00:00
        (at(8, 23, 59), at(10, 0)),  # Sunday night: Tuesday 00:00
    ],
)
def test_a_working_day_leaves_out_saturday_and_sunday(came, due):
    assert deadline(came) == due


@pytest.mark.parametrize(
    ("came", "answered", "in_time"),
    [
        (at(6, 15), at(9, 14, 59), True),  # Friday 15:00, answered Monday 14:59
        (at(6, 15), at(9, 15, 1), False),
        (at(7, 10), at(9, 23, 59), True),  # Saturday 10:00, answered Monday 23:59
        (at(7, 10), at(10, 0, 1), False),  # ... and Tuesday 00:01
        (at(8, 12), at(8, 13), True),  # Sunday, answered on Sunday
        (at(6, 0), at(8, 20), True),  # Friday 00:00, answered on Sunday
        (at(5, 10), at(6, 10, 1), False),  # Thursday 10:00, answered Friday 10:01
    ],
)
def test_answered_within_one_working_day_at_the_weekends_edges(add, figures, came, answered, in_time):
    add(contact(at=came, first_response_at=answered, status="contacted"))

    response = figures()["response"]

    assert (response["counted"], response["in_time"], response["answered"]) == (1, int(in_time), 1)
    assert response["share"] == float(in_time)
    assert response["median_seconds"] == (answered - came).total_seconds()


def test_a_lead_still_within_its_working_day_is_not_counted_until_answered(add, figures):
    add(
        contact("Ann Waiting", at(13, 9)),  # Friday morning: due Monday
        contact("Bob Waiting", at(12, 15, 31)),  # Thursday 15:31: due a minute after now
        contact("Cat Late", at(12, 15, 29)),  # Thursday 15:29: due a minute ago, unanswered
        quote("Dan Done", at(13, 10), first_response_at=at(13, 11), status="contacted"),
        quote("Eve Spam", at(2, 10), spam=True),  # long due, unanswered, but spam
    )

    response = figures()["response"]

    assert response == {"counted": 2, "in_time": 1, "share": 0.5, "answered": 1, "median_seconds": 3600}


def test_the_median_time_to_a_first_response(add, figures):
    hours = [1, 2, 30, 5]
    add(*(contact(f"Ann N{n}", at(9, 8), first_response_at=at(9, 8) + timedelta(hours=n)) for n in hours))
    assert figures()["response"]["median_seconds"] == 3.5 * 3600  # the middle two's mean
    add(quote(at=at(10, 8), first_response_at=at(10, 8, 0, 1), status="lost"))
    assert figures()["response"]["median_seconds"] == 2 * 3600
    add(quote("Zed Spam", at=at(10, 8), first_response_at=at(10, 8, 0, 1), spam=True))
    assert figures()["response"]["median_seconds"] == 2 * 3600


def test_the_database_agrees_with_the_rule_on_many_leads(add, figures):
    rng = random.Random(90)
    leads = []
    for _ in range(120):
        came = NOW - timedelta(seconds=rng.randrange(30 * 86400))
        waited = timedelta(seconds=rng.randrange(5 * 86400))
        answered = came + waited if rng.random() < 0.8 and came + waited <= NOW else None
        leads.append((came, answered))
    add(
        *(contact(f"Lead N{n}", came, first_response_at=answered) for n, (came, answered) in enumerate(leads))
    )

    response = figures()["response"]

    counted = [(came, answered) for came, answered in leads if answered or deadline(came) <= NOW]
    taken = [(answered - came).total_seconds() for came, answered in leads if answered]
    assert response["counted"] == len(counted)
    assert response["in_time"] == sum(
        1 for came, answered in counted if answered and answered <= deadline(came)
    )
    assert response["answered"] == len(taken)
    assert response["median_seconds"] == round(statistics.median(taken))


def test_every_staff_role_reads_the_dashboard_and_it_is_not_audited(signed_in, add, audit_trail, client):
    came = datetime.now(UTC) - timedelta(hours=1)
    add(contact(at=came))
    for role in ("viewer", "sales", "admin"):
        answer = signed_in(role, f"{role}-dash@staff.example").get("/api/inbox/dashboard")
        assert answer.status_code == 200
        assert answer.json["total"] == 1 and len(answer.json["daily"]) == 90
        # Its UTC day: yesterday's, in the first hour of today.
        assert _day(answer.json, f"{came:%Y-%m-%d}")["contact"] == 1
    assert audit_trail() == []


def test_the_dashboard_needs_a_session(client):
    assert client.get("/api/inbox/dashboard").status_code == 401
