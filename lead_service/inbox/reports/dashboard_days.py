"""The dashboard's past days, kept: a day's figures (day_figures.py) change only when one of its
leads does, so each past day is counted once from the leads and kept in DashboardDay with the day's
version. The database's trigger bumps that version, and forgets the figures, on any change to one
of the day's leads, whatever statement made it (migration 0037); a day whose kept figures are not
of its version is counted again. A day is kept from an hour after it ended: a lead stamped in its
last moment is committed by then."""

from datetime import date, datetime, timedelta
from itertools import groupby

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError

from ...extensions import db
from ...models.dashboard import DashboardDay
from .day_figures import Day, count_days

SETTLED_AFTER = timedelta(hours=1)


def settled_before(now: datetime) -> date:
    """The first day not kept at `now`: today, or in the first hour of today, yesterday."""
    return (now - SETTLED_AFTER).date()


def _keep(day: date, version: int, figures: Day) -> None:
    """Keeps a day's figures counted at `version`, unless a change has bumped it since: those would
    be older than the day's leads, and are counted again at the next read."""
    kept = figures.kept()
    dialect = db.session.get_bind().dialect.name
    insert = (postgresql if dialect == "postgresql" else sqlite).insert
    db.session.execute(
        insert(DashboardDay)
        .values(day=day, version=version, counted_version=version, **kept)
        .on_conflict_do_update(
            index_elements=[DashboardDay.day],
            set_={"counted_version": version, **kept},
            where=DashboardDay.version == version,
        )
    )


def kept_days(since: date, until: date) -> dict[date, Day]:
    """The figures of the past days from `since` to the day before `until`: those kept, and the
    rest counted from the leads (a run of days in one read) and kept."""
    rows = {
        row.day: row
        for row in db.session.execute(
            select(
                DashboardDay.day,
                DashboardDay.version,
                DashboardDay.counted_version,
                DashboardDay.figures,
                DashboardDay.taken,
                DashboardDay.waiting,
            ).where(DashboardDay.day >= since, DashboardDay.day < until)
        )
    }
    days: dict[date, Day] = {}
    stale: list[tuple[date, int]] = []  # (day, its version when read): read first, counted after
    for offset in range((until - since).days):
        day = since + timedelta(days=offset)
        row = rows.get(day)
        if row is not None and row.figures is not None and row.counted_version == row.version:
            days[day] = Day.from_kept(row.figures, row.taken, row.waiting)
        else:
            stale.append((day, row.version if row is not None else 0))
    if not stale:
        return days
    # Consecutive days, numbered by their distance from `since` less their place, share a key.
    for _, run in groupby(enumerate(stale), key=lambda item: (item[1][0] - since).days - item[0]):
        run_days = [day for _, (day, _version) in run]
        days.update(count_days(run_days[0], run_days[-1] + timedelta(days=1)))
    try:
        for day, version in stale:
            _keep(day, version, days[day])
        db.session.commit()
    except OperationalError:
        # SQLite busy with a writer: the figures are right; they are kept at a later read.
        db.session.rollback()
    return days
