"""Time as the sales team's targets count it: weekday time, Monday to Friday in UTC, around the clock;
Saturday and Sunday do not count."""

from datetime import UTC, datetime, time, timedelta

from .models.leads import as_utc


def working_deadline(start: datetime, hours: float) -> datetime:
    """The moment `hours` of weekday time after `start`. A start on a weekend counts from Monday
    00:00, and a deadline that falls as a weekend begins is put at its end: Friday 15:00 plus 24
    hours is Monday 15:00, Saturday 10:00 plus 24 is Tuesday 00:00, Friday 00:00 plus 24 is Monday
    00:00."""
    moment, left = as_utc(start), timedelta(hours=hours)
    while True:
        if moment.weekday() >= 5:
            moment = datetime.combine(moment.date() + timedelta(days=7 - moment.weekday()), time.min, UTC)
        day_end = datetime.combine(moment.date() + timedelta(days=1), time.min, UTC)
        if moment + left < day_end:
            return moment + left
        left -= day_end - moment
        moment = day_end
