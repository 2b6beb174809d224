"""What the pipeline is worth: the open deals' value weighted by their stage's probability, by month of
expected close and currency (summed in the database, in minor units, so exact on both); the deals won
and lost by the month they closed, the lost with their reasons; and the median days from a lead's
arrival to its deal's win."""

import statistics
from collections import defaultdict
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, select

from ...extensions import db
from ...models.deals import Deal, DealStage, LostReason
from ...models.leads import Lead, as_utc

SECONDS_A_DAY = 86_400


def _month(dialect: str, column: Any) -> Any:
    """A date's or time's month as YYYY-MM, as each database writes it."""
    if dialect == "postgresql":
        return func.to_char(column, "YYYY-MM")
    return func.strftime("%Y-%m", column)


def weighted(dialect: str) -> sa.Select:
    """Each month's and currency's open deals: how many, their value, and their value times their
    stage's probability (percent), in minor units."""
    month = _month(dialect, Deal.expected_close).label("month")
    return (
        select(
            month,
            Deal.currency,
            func.count().label("deals"),
            func.sum(Deal.value_minor).label("value_minor"),
            func.sum(Deal.value_minor * DealStage.probability).label("weighted_percent"),
        )
        .join(DealStage, DealStage.id == Deal.stage_id)
        .where(DealStage.outcome.is_(None))
        .group_by(month, Deal.currency)
        .order_by(month, Deal.currency)
    )


def _closed(dialect: str) -> sa.Select:
    month = _month(dialect, Deal.closed_at).label("month")
    return (
        select(
            month,
            DealStage.outcome,
            Deal.currency,
            LostReason.name.label("reason"),
            func.count().label("deals"),
            func.sum(Deal.value_minor).label("value_minor"),
        )
        .join(DealStage, DealStage.id == Deal.stage_id)
        .outerjoin(LostReason, LostReason.id == Deal.lost_reason_id)
        .where(DealStage.outcome.is_not(None), Deal.closed_at.is_not(None))
        .group_by(month, DealStage.outcome, Deal.currency, LostReason.name)
        .order_by(month, DealStage.outcome, Deal.currency)
    )


def _days_to_win() -> float | None:
    rows = db.session.execute(
        select(Lead.created_at, Deal.closed_at)
        .join(Deal, Deal.lead_id == Lead.id)
        .join(DealStage, DealStage.id == Deal.stage_id)
        .where(DealStage.outcome == "won", Deal.closed_at.is_not(None))
    ).all()
    days = [(as_utc(closed) - as_utc(created)).total_seconds() / SECONDS_A_DAY for created, closed in rows]
    return round(statistics.median(days), 1) if days else None


def forecast() -> dict[str, Any]:
    dialect = db.session.get_bind().dialect.name
    months = [
        {
            "month": row.month,
            "currency": row.currency,
            "deals": row.deals,
            "value_minor": int(row.value_minor),
            # Whole minor units, half away from zero: a percent of a cent is no money.
            "weighted_minor": (int(row.weighted_percent) + 50) // 100,
        }
        for row in db.session.execute(weighted(dialect))
    ]
    closed: dict[tuple[str, str, str], dict[str, Any]] = {}
    reasons: dict[tuple[str, str, str], dict[str, int]] = defaultdict(dict)
    for row in db.session.execute(_closed(dialect)):
        key = (row.month, row.outcome, row.currency)
        entry = closed.setdefault(key, {"month": row.month, "outcome": row.outcome, "currency": row.currency,
                                        "deals": 0, "value_minor": 0})  # fmt: skip
        entry["deals"] += row.deals
        entry["value_minor"] += int(row.value_minor)
        if row.reason:
            reasons[key][row.reason] = reasons[key].get(row.reason, 0) + row.deals
    return {
        "open": months,
        "closed": [{**entry, "reasons": reasons.get(key, {})} for key, entry in closed.items()],
        "median_days_to_win": _days_to_win(),
    }
