"""The sales team's dashboard: the leads of the last PERIOD_DAYS UTC days (today included), spam
left out of every figure: how many came each day by form, where they came from (source, landing
page), the share answered within one working day, and the median time to a first response.

Each day's figures are counted in the database (day_figures.py). Those of the past days are kept
from one read to the next while their leads do not change (dashboard_days.py), so that a read
counts today's leads and those of days changed since the last."""

from bisect import bisect_right
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from typing import Any

from ...models.leads import as_utc
from ...schemas import FORMS
from ..leads.filters import FORM_NAMES
from .dashboard_days import kept_days, settled_before
from .day_figures import count_days

PERIOD_DAYS = 90
TOP = 10  # sources and landing pages shown by name; the rest are added up as OTHER
OTHER = "Other"


def _top(counts: Counter[str]) -> list[dict[str, Any]]:
    """The TOP largest by label (largest first, ties by label), and the rest added up as OTHER."""
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    shown = [{"label": label, "count": count} for label, count in ranked[:TOP]]
    rest = sum(count for _, count in ranked[TOP:])
    return [*shown, {"label": OTHER, "count": rest}] if rest else shown


def _median(runs: list, count: int) -> float | None:
    """The median of `count` numbers held in sorted runs, found without merging them: the smallest
    value with more than k numbers at or below it is the k-th (from 0), by bisection on the value."""

    def kth(k: int) -> int:
        low = min(run[0] for run in runs if run)
        high = max(run[-1] for run in runs if run)
        while low < high:
            middle = (low + high) // 2
            if sum(bisect_right(run, middle) for run in runs) > k:
                high = middle
            else:
                low = middle + 1
        return low

    return (kth((count - 1) // 2) + kth(count // 2)) / 2 if count else None


def figures(now: datetime | None = None) -> dict[str, Any]:
    """The dashboard's figures for the PERIOD_DAYS UTC days up to `now` (default: this moment)."""
    now = as_utc(now or datetime.now(UTC))
    today = now.date()
    first = today - timedelta(days=PERIOD_DAYS - 1)
    settled = max(first, settled_before(now))
    days = kept_days(first, settled) | count_days(settled, today + timedelta(days=1))
    sources: Counter[str] = Counter()
    landing_pages: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    daily: list[dict[str, date | dict[str, int]]] = []
    for day, counts in sorted(days.items()):
        daily.append({"day": day, "counts": {**dict.fromkeys(FORM_NAMES, 0), **counts.forms}})
        sources.update(counts.sources)
        landing_pages.update(counts.landing_pages)
        totals.update(counted=counts.counted(now), in_time=counts.in_time, answered=counts.answered)
    median = _median([counts.taken for counts in days.values()], totals["answered"])
    return {
        "since": first,
        "until": today,
        "days": PERIOD_DAYS,
        "forms": [{"name": form, "title": FORMS["forms"][form]["title"]} for form in FORM_NAMES],
        "daily": daily,
        "total": sum(sources.values()),
        "sources": _top(sources),
        "landing_pages": _top(landing_pages),
        "response": {
            "counted": totals["counted"],
            "in_time": totals["in_time"],
            "share": totals["in_time"] / totals["counted"] if totals["counted"] else None,
            "answered": totals["answered"],
            "median_seconds": round(median) if median is not None else None,
        },
    }
