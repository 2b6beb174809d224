"""The sales team's dashboard: the leads of the last PERIOD_DAYS UTC days (today included), spam
left out of every figure: how many came each day by form, where they came from (source, landing
page), the share answered within one working day, and the median time to a first response.

Everything is counted in the database, in two statements, so that it stays quick at 100,000 leads:
the leads of each day and form from the leads' indexes alone, then the rest from one read of
the period's rows (see _visits_and_work). Both count in whole Unix seconds, as each database
works them out (_unix).

Answered within one working day: a lead's deadline is its arrival plus 24 hours of weekday time,
Saturday and Sunday (UTC) not counting (see deadline()). It was answered in time when its first
response (its first move out of "new") came by then. The share is among the period's leads whose
deadline has passed or that were answered: a lead still within its window is not counted yet."""

import functools
import statistics
from collections import Counter
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, select, union_all

from ...assignment.conditions import DIRECT
from ...extensions import db
from ...models.leads import Lead, as_utc
from ...schemas import FORMS
from ...working_time import working_deadline
from ..leads.filters import FORM_NAMES

PERIOD_DAYS = 90
TOP = 10  # sources and landing pages shown by name; the rest are added up as OTHER
NOT_RECORDED = "Not recorded"  # no landing path: the visitor did not allow analytics
OTHER = "Other"
DAY = 86400  # seconds
EPOCH = date(1970, 1, 1)


def deadline(created_at: datetime) -> datetime:
    """When a lead that came at `created_at` is due its first response: 24 hours of weekday time
    later (working_time.py). Friday 15:00 is due Monday 15:00; Saturday 10:00 Tuesday 00:00; Friday
    00:00 Monday 00:00 (its 24 hours end as the weekend starts)."""
    return working_deadline(created_at, 24)


def _unix(dialect: str, moment: Any) -> Any:
    """A stored time as whole seconds since 1970-01-01 UTC, as the database works it out: what the
    rest is counted in, the same way on both."""
    if dialect == "postgresql":
        return sa.cast(func.floor(func.date_part("epoch", moment)), sa.BigInteger)
    return sa.cast(func.strftime("%s", moment), sa.Integer)


def _window(created: Any) -> Any:
    """Seconds from a lead's arrival (Unix seconds) to its deadline(), by the weekday it came on: a
    day from Monday to Thursday, three from Friday, to Tuesday 00:00 from Saturday or Sunday."""
    weekday = (created // DAY + 4) % 7  # 1970-01-01 was a Thursday; 0 is Sunday
    into_day = created % DAY
    return sa.case(
        (weekday == 5, 3 * DAY),
        (weekday == 6, 3 * DAY - into_day),
        (weekday == 0, 2 * DAY - into_day),
        else_=DAY,
    )


def _leads(*columns: str) -> sa.Select:
    """The period's leads that are not spam, with these of their columns: form, created_at,
    first_response_at, source, landing."""
    table = Lead.__table__
    named = {
        "form": table.c.form,
        "created_at": table.c.created_at,
        "first_response_at": table.c.first_response_at,
        "source": func.coalesce(table.c.utm_source, table.c.referrer_host, DIRECT).label("source"),
        "landing": func.coalesce(table.c.landing_path, NOT_RECORDED).label("landing"),
    }
    return select(*(named[column] for column in columns)).where(
        table.c.spam == sa.false(),
        table.c.created_at >= sa.bindparam("since", type_=table.c.created_at.type),
        table.c.created_at < sa.bindparam("until", type_=table.c.created_at.type),
    )


@functools.cache
def _daily(dialect: str) -> sa.Select:
    """The leads of each day (days since 1970-01-01) and form, read from the leads' indexes alone."""
    leads = _leads("form", "created_at").subquery("leads")
    day = (_unix(dialect, leads.c.created_at) // DAY).label("day")
    return select(day, leads.c.form, func.count().label("count")).group_by(day, leads.c.form)


@functools.cache
def _visits_and_work(dialect: str) -> sa.CompoundSelect:
    """The rest in one statement, so that the leads' rows, slower to reach than their indexes,
    are read once, into a CTE (each MATERIALIZED: read once, not folded into each use): the leads of
    each (source, landing page), how many of them count towards the share, were answered in time,
    were answered; then, in rows of their own (only `middle` set), the middle one or two of the
    answered leads' times to a first response, for the median."""
    times = _leads("created_at", "first_response_at", "source", "landing").subquery("times")
    period = (
        select(
            times.c.source,
            times.c.landing,
            _unix(dialect, times.c.created_at).label("created"),
            _unix(dialect, times.c.first_response_at).label("answered"),  # null while not answered
        )
        .cte("period")
        .prefix_with("MATERIALIZED")
    )
    p = period.c
    window = _window(p.created)
    taken = p.answered - p.created
    due = sa.or_(p.answered.is_not(None), sa.bindparam("now", type_=sa.BigInteger) - p.created >= window)
    leads = (
        select(
            p.source,
            p.landing,
            taken.label("taken"),
            sa.case((due, 1), else_=0).label("counted"),
            sa.case((taken <= window, 1), else_=0).label("in_time"),
        )
        .cte("period_leads")
        .prefix_with("MATERIALIZED")
    )
    c = leads.c
    groups = select(
        c.source,
        c.landing,
        func.count().label("leads"),
        func.sum(c.counted).label("counted"),
        func.sum(c.in_time).label("in_time"),
        func.count(c.taken).label("answered"),
        sa.cast(sa.null(), sa.BigInteger).label("middle"),
    ).group_by(c.source, c.landing)
    answered = select(func.count(c.taken)).scalar_subquery()
    middle = (
        select(c.taken)
        .where(c.taken.is_not(None))
        .order_by(c.taken)
        .limit(2 - answered % 2)
        .offset((answered - 1) // 2)
        .subquery("middle")
    )
    return union_all(groups, select(*(sa.null() for _ in range(6)), middle.c.taken))


def _top(counts: dict[str, int]) -> list[dict[str, Any]]:
    """The TOP largest by label (largest first, ties by label), and the rest added up as OTHER."""
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    shown = [{"label": label, "count": count} for label, count in ranked[:TOP]]
    rest = sum(count for _, count in ranked[TOP:])
    return [*shown, {"label": OTHER, "count": rest}] if rest else shown


def figures(now: datetime | None = None) -> dict[str, Any]:
    """The dashboard's figures for the PERIOD_DAYS UTC days up to `now` (default: this moment)."""
    now = as_utc(now or datetime.now(UTC))
    today = now.date()
    first = today - timedelta(days=PERIOD_DAYS - 1)
    params = {
        "since": datetime.combine(first, time.min, UTC),
        "until": datetime.combine(today + timedelta(days=1), time.min, UTC),
        "now": int(now.timestamp()),
    }
    dialect = db.session.get_bind().dialect.name
    days: dict[date, dict[str, int]] = {
        first + timedelta(days=offset): dict.fromkeys(FORM_NAMES, 0) for offset in range(PERIOD_DAYS)
    }
    for row in db.session.execute(_daily(dialect), params):
        days[EPOCH + timedelta(days=row.day)][row.form] = row.count
    sources: Counter[str] = Counter()
    landing_pages: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    middle = []
    for row in db.session.execute(_visits_and_work(dialect), params):
        if row.source is None:
            middle.append(row.middle)
            continue
        sources[row.source] += row.leads
        landing_pages[row.landing] += row.leads
        totals.update(leads=row.leads, counted=row.counted, in_time=row.in_time, answered=row.answered)
    return {
        "since": first,
        "until": today,
        "days": PERIOD_DAYS,
        "forms": [{"name": form, "title": FORMS["forms"][form]["title"]} for form in FORM_NAMES],
        "daily": [{"day": day, "counts": counts} for day, counts in days.items()],
        "total": totals["leads"],
        "sources": _top(sources),
        "landing_pages": _top(landing_pages),
        "response": {
            "counted": totals["counted"],
            "in_time": totals["in_time"],
            "share": totals["in_time"] / totals["counted"] if totals["counted"] else None,
            "answered": totals["answered"],
            "median_seconds": round(statistics.mean(middle)) if middle else None,
        },
    }
