"""The inbox's dashboard in a real Chromium over SQLite and PostgreSQL: leads sent through the site
with where their visits began, placed on chosen days and answered at chosen times through SQL,
then the page's tables and figures read as a person (or a screen reader) reads them, each matched
against counts made in SQL on the same data. Drawn on the server: the page sends no script of its
own, and its SVG charts break no rule of the inbox's strict CSP (the `browse` fixture checks)."""

import statistics
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text, update

from lead_service import content
from lead_service.inbox.reports.day_figures import deadline
from lead_service.models.leads import Lead, as_utc
from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, sign_in

pytestmark = pytest.mark.e2e

HONEYPOT = content.load("forms")["honeypotField"]
# The leads that are not spam, of every form.
LEADS_SQL = "SELECT {day} AS day, form, {source} AS source, {landing} AS landing FROM leads WHERE NOT spam"
LEAD_TABLE = Lead.__table__
SOURCE = "COALESCE(utm_source, referrer_host, 'Direct')"
LANDING = "COALESCE(landing_path, 'Not recorded')"

# (path, form, email, attribution, days ago, hours to its first response or None)
LEADS = [
    (
        "/api/contact",
        "contact",
        "one@dash.io",
        {"utm_source": "newsletter", "referrer_host": "mail.test"},
        0,
        None,
    ),
    (
        "/api/contact",
        "contact",
        "two@dash.io",
        {"referrer_host": "www.google.com", "landing_path": "/blog"},
        1,
        3,
    ),
    ("/api/contact", "caseStudiesContact", "three@dash.io", {"landing_path": "/case-studies"}, 1, 3),
    (
        "/api/quote",
        "quote",
        "four@dash.io",
        {"referrer_host": "www.google.com", "landing_path": "/blog"},
        40,
        120,
    ),
    ("/api/quote", "quote", "five@dash.io", None, 89, None),
    ("/api/contact", "contact", "six@dash.io", {"utm_source": "linkedin"}, 100, 1),  # before the period
]


def _send(inbox) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    for path, form, email, attribution, days_ago, hours in LEADS:
        lead = {**(QUOTE if form == "quote" else CONTACT), "email": email}
        if form != "quote":
            lead["form"] = form
        if attribution:
            lead["attribution"] = attribution
        inbox.post_lead(path, lead)
        came = now - timedelta(days=days_ago, minutes=1)
        answered = came + timedelta(hours=hours) if hours is not None else None
        with inbox.engine.begin() as connection:
            connection.execute(
                update(LEAD_TABLE)
                .where(LEAD_TABLE.c.email == email)
                .values(created_at=came, first_response_at=answered, status="contacted" if hours else "new")
            )
    spam = {
        **CONTACT,
        "email": "spam@dash.io",
        HONEYPOT: "https://spam.example",
        "attribution": {"utm_source": "x"},
    }
    inbox.post_lead("/api/contact", spam)


def _counts_in_sql(inbox, since: str, until: str) -> dict[str, dict]:
    """Leads per (day, form), source and landing page in the period, counted in SQL (GROUP BY)."""
    day = (
        "substr(created_at, 1, 10)"
        if inbox.engine.dialect.name == "sqlite"
        else "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
    )
    leads = LEADS_SQL.format(day=day, source=SOURCE, landing=LANDING)
    found = {}
    with inbox.engine.connect() as connection:
        for name, grouped in (("daily", "day, form"), ("sources", "source"), ("landing", "landing")):
            query = (
                f"SELECT {grouped}, COUNT(*) FROM ({leads}) AS leads"
                f" WHERE day BETWEEN :since AND :until GROUP BY {grouped}"
            )
            rows = connection.execute(text(query), {"since": since, "until": until}).all()
            found[name] = {tuple(row[:-1]) if len(row) > 2 else row[0]: row[-1] for row in rows}
    return found


def _times_in_sql(inbox, since: datetime) -> list[tuple[datetime, datetime | None]]:
    """Each lead's arrival and first response in the period."""
    statement = select(LEAD_TABLE.c.created_at, LEAD_TABLE.c.first_response_at).where(
        LEAD_TABLE.c.spam.is_(False), LEAD_TABLE.c.created_at >= since
    )
    with inbox.engine.connect() as connection:
        return [
            (as_utc(came), answered and as_utc(answered)) for came, answered in connection.execute(statement)
        ]


def _table(page, name: str) -> list[list[str]]:
    """The rows of one of the page's figure tables, opened as a person opens it, as their cells' text."""
    table = page.locator(f"table[data-figures={name}]")
    page.locator("details").filter(has=table).locator("summary").click()
    table.wait_for()
    return table.locator("tbody tr").evaluate_all(
        "rows => rows.map(row => [...row.cells].map(cell => cell.textContent.trim()))"
    )


def test_the_dashboards_figures_match_counts_made_in_sql(inbox, browse):
    _send(inbox)
    secret = inbox.enrolled_staff("dash@staff.example", "viewer")
    page = browse()
    sign_in(page, "dash@staff.example", next_code(secret))
    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Dashboard").click()
    page.get_by_role("heading", name="Dashboard", level=1).wait_for()

    # The daily table: every day of the period, each form's leads and their total.
    headings = page.locator("table[data-figures=daily] thead th[data-form]").evaluate_all(
        "cells => cells.map(cell => cell.dataset.form)"
    )
    days = page.locator("table[data-figures=daily] tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.day)"
    )
    daily = _table(page, "daily")
    assert len(daily) == 90 and days[-1] == datetime.now(UTC).date().isoformat()
    expected = _counts_in_sql(inbox, days[0], days[-1])
    shown = {
        (day, form): int(cells[1 + index])
        for day, cells in zip(days, daily, strict=True)
        for index, form in enumerate(headings)
    }
    assert {key: count for key, count in shown.items() if count} == expected["daily"]
    assert all(int(cells[-1]) == sum(map(int, cells[1:-1])) for cells in daily)
    assert sum(expected["daily"].values()) == 5  # neither the spam nor the lead before the period

    # Sources and landing pages, with their fallbacks.
    assert {label: int(count) for label, count, _share in _table(page, "sources")} == expected["sources"]
    assert expected["sources"] == {"newsletter": 1, "www.google.com": 2, "Direct": 2}
    assert {label: int(count) for label, count, _share in _table(page, "landing-pages")} == expected[
        "landing"
    ]

    # The share answered within one working day, and the median time to a first response.
    times = _times_in_sql(inbox, datetime.fromisoformat(days[0]).replace(tzinfo=UTC))
    now = datetime.now(UTC)
    counted = [(came, answered) for came, answered in times if answered or deadline(came) <= now]
    in_time = [came for came, answered in counted if answered and answered <= deadline(came)]
    tiles = page.locator("[data-figure=in-time]")
    assert tiles.locator("dd").first.inner_text() == f"{round(100 * len(in_time) / len(counted))}%"
    assert f"{len(in_time)} of {len(counted)} leads." in tiles.inner_text()
    assert statistics.median(answered - came for came, answered in times if answered) == timedelta(hours=3)
    assert page.locator("[data-figure=median] dd").first.inner_text() == "3 h"
    assert page.locator("[data-figure=leads] dd").first.inner_text() == "5"

    # Charts a screen reader is told of by their titles, drawn with no script of the page's own.
    assert page.get_by_role("img", name="Leads per day by form").count() == 1
    assert page.get_by_role("img", name="Leads by source").count() == 1
    scripts = page.locator("script[src]").evaluate_all("tags => tags.map(tag => tag.src)")
    assert scripts and not [src for src in scripts if "dashboard" in src]
