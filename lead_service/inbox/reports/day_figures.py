"""The dashboard's figures for each UTC day of a range, counted in the database from the leads
themselves, spam left out: the day's leads by form, by source and by landing page, how many were
answered, and answered within one working day, each answered lead's seconds to its first response
(for the median, which no sum of days gives), and the deadlines of those not answered (for how many
count towards the share at a given moment). They hold until one of the day's leads changes.

Answered within one working day: a lead's deadline is its arrival plus 24 hours of weekday time,
Saturday and Sunday (UTC) not counting (see deadline()). It was answered in time when its first
response (its first move out of "new") came by then. It counts towards the share once its deadline
has passed or it was answered: a lead still within its window is not counted yet. Times are
counted in whole Unix seconds, as each database works them out (_unix)."""

import functools
import sys
from array import array
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, select

from ...assignment.conditions import DIRECT
from ...extensions import db
from ...models.leads import Lead
from ...working_time import working_deadline

NOT_RECORDED = "Not recorded"  # no landing path: the visitor did not allow analytics
DAY = 86400  # seconds
EPOCH = date(1970, 1, 1)


def deadline(created_at: datetime) -> datetime:
    """When a lead that came at `created_at` is due its first response: 24 hours of weekday time
    later (working_time.py). Friday 15:00 is due Monday 15:00; Saturday 10:00 Tuesday 00:00; Friday
    00:00 Monday 00:00 (its 24 hours end as the weekend starts). Every lead is due within four days
    of its day's start."""
    return working_deadline(created_at, 24)


def _packed(numbers: array) -> bytes:
    """Integers as DashboardDay keeps them: 64-bit little-endian, whatever the machine."""
    if sys.byteorder == "big":
        numbers = array("q", numbers)
        numbers.byteswap()
    return numbers.tobytes()


def _unpacked(packed: bytes) -> array:
    numbers = array("q")
    numbers.frombytes(packed)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


@dataclass
class Day:
    """One day's figures, added up over the period by figures() in dashboard.py. They hold at any
    later moment: how many leads count towards the share is known at a moment only, from the
    unanswered leads' deadlines."""

    forms: Counter[str] = field(default_factory=Counter)
    sources: Counter[str] = field(default_factory=Counter)
    landing_pages: Counter[str] = field(default_factory=Counter)
    in_time: int = 0
    answered: int = 0
    taken: array = field(default_factory=lambda: array("q"))  # the answered's seconds, smallest first
    waiting: array = field(default_factory=lambda: array("q"))  # the rest's deadlines, earliest first

    def counted(self, now: datetime) -> int:
        """The day's leads that count towards the share at `now`: answered, or past their deadline."""
        return self.answered + bisect_right(self.waiting, int(now.timestamp()))

    def kept(self) -> dict[str, Any]:
        """The columns DashboardDay keeps it in."""
        counts = {
            "forms": self.forms,
            "sources": self.sources,
            "landing_pages": self.landing_pages,
            "in_time": self.in_time,
            "answered": self.answered,
        }
        return {"figures": counts, "taken": _packed(self.taken), "waiting": _packed(self.waiting)}

    @classmethod
    def from_kept(cls, figures: dict[str, Any], taken: bytes, waiting: bytes) -> "Day":
        return cls(
            Counter(figures["forms"]),
            Counter(figures["sources"]),
            Counter(figures["landing_pages"]),
            figures["in_time"],
            figures["answered"],
            _unpacked(taken),
            _unpacked(waiting),
        )


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


def _leads(dialect: str) -> sa.Subquery:
    """The range's leads that are not spam: their day (since 1970-01-01), form, source, landing
    page, and arrival and first response in Unix seconds (null while not answered)."""
    table = Lead.__table__
    created = _unix(dialect, table.c.created_at)
    return (
        select(
            (created // DAY).label("day"),
            table.c.form,
            func.coalesce(table.c.utm_source, table.c.referrer_host, DIRECT).label("source"),
            func.coalesce(table.c.landing_path, NOT_RECORDED).label("landing"),
            created.label("created"),
            _unix(dialect, table.c.first_response_at).label("answered"),
        )
        .where(
            table.c.spam == sa.false(),
            table.c.created_at >= sa.bindparam("since", type_=table.c.created_at.type),
            table.c.created_at < sa.bindparam("until", type_=table.c.created_at.type),
        )
        .subquery("leads")
    )


@functools.cache
def _counts(dialect: str) -> sa.Select:
    """Each day's leads by form, source and landing page, with how many were answered within their
    working day, and were answered."""
    leads = _leads(dialect)
    in_time = leads.c.answered - leads.c.created <= _window(leads.c.created)
    groups = (leads.c.day, leads.c.form, leads.c.source, leads.c.landing)
    return select(
        *groups,
        func.count().label("leads"),
        func.sum(sa.case((in_time, 1), else_=0)).label("in_time"),
        func.count(leads.c.answered).label("answered"),
    ).group_by(*groups)


@functools.cache
def _times(dialect: str) -> sa.Select:
    """Each lead's seconds to its first response, or while it is not answered its deadline, by day
    (the answered first), smallest first."""
    leads = _leads(dialect)
    waiting = leads.c.answered.is_(None).label("waiting")
    seconds = sa.case(
        (leads.c.answered.is_(None), leads.c.created + _window(leads.c.created)),
        else_=leads.c.answered - leads.c.created,
    ).label("seconds")
    return select(leads.c.day, waiting, seconds).order_by(leads.c.day, waiting, seconds)


def count_days(since: date, until: date) -> dict[date, Day]:
    """The figures of each day from `since` to the day before `until`."""
    dialect = db.session.get_bind().dialect.name
    params = {
        "since": datetime.combine(since, time.min, UTC),
        "until": datetime.combine(until, time.min, UTC),
    }
    days = {since + timedelta(days=offset): Day() for offset in range((until - since).days)}
    for row in db.session.execute(_counts(dialect), params):
        day = days[EPOCH + timedelta(days=row.day)]
        day.forms[row.form] += row.leads
        day.sources[row.source] += row.leads
        day.landing_pages[row.landing] += row.leads
        day.in_time += row.in_time
        day.answered += row.answered
    for row in db.session.execute(_times(dialect), params):
        day = days[EPOCH + timedelta(days=row.day)]
        (day.waiting if row.waiting else day.taken).append(row.seconds)
    return days
