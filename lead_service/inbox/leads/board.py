"""The board: a column per stage of the pipeline, in its order, each with how many deals it holds and
what they are worth by currency, and each open stage's deals as cards, the soonest expected close
first, a page at a time (the index ix_deals_board hands each page in order). Won and lost columns
hold no cards: a deal there is closed, and the columns are where a card is moved to close it. They
count the deals closed in the last CLOSED_DAYS only, so that neither the figure nor its cost grows
with every deal the team ever closed."""

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Date, Integer, func, literal, select, tuple_

from ... import content
from ...extensions import db
from ...models.deals import Deal, DealStage
from ...models.leads import Lead
from ...models.staff import StaffUser
from . import deals

# Cards a column shows at once: more than a screen's worth, and a column's next page is a click on.
PAGE = 50

# How far back a won or lost column counts its deals (the page says so).
CLOSED_DAYS = content.load("inbox")["limits"]["boardClosedDays"]

# Where a column's page ended: the last card's expected close and lead.
Cursor = tuple[date, int]


def cursor_text(cursor: Cursor) -> str:
    return f"{cursor[0].isoformat()}.{cursor[1]}"


def _totals(stages: Sequence[DealStage]) -> dict[int, dict[str, Any]]:
    """Each stage's count of deals, and their value by currency, summed in the database: an open
    stage's all, a won or lost one's closed in the last CLOSED_DAYS."""
    sums = select(Deal.stage_id, Deal.currency, func.count(), func.sum(Deal.value_minor)).group_by(
        Deal.stage_id, Deal.currency
    )
    open_ids = [stage.id for stage in stages if stage.outcome is None]
    closed_ids = [stage.id for stage in stages if stage.outcome is not None]
    since = datetime.now(UTC) - timedelta(days=CLOSED_DAYS)
    rows = [
        *db.session.execute(sums.where(Deal.stage_id.in_(open_ids))),
        *db.session.execute(sums.where(Deal.closed_at >= since, Deal.stage_id.in_(closed_ids))),
    ]
    totals: dict[int, dict[str, Any]] = {}
    for stage_id, currency, count, value in sorted(rows, key=lambda row: (row[0], row[1])):
        column = totals.setdefault(stage_id, {"count": 0, "totals": []})
        column["count"] += count
        column["totals"].append({"currency": currency, "value_minor": int(value)})
    return totals


def _cards(stage_id: int, after: Cursor | None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the stage's deals as cards, and the cursor of the next (None after the last)."""
    statement = (
        select(
            Deal.lead_id,
            Lead.name,
            Lead.company,
            Deal.value_minor,
            Deal.currency,
            Deal.expected_close,
            StaffUser.id.label("owner_id"),
            StaffUser.name.label("owner_name"),
            Deal.version,
        )
        .join(Lead, Lead.id == Deal.lead_id)
        .outerjoin(StaffUser, StaffUser.id == Lead.owner_id)
        .where(Deal.stage_id == stage_id)
        .order_by(Deal.expected_close, Deal.lead_id)
        .limit(PAGE + 1)
    )
    if after is not None:
        cursor = tuple_(literal(after[0], Date), literal(after[1], Integer))
        statement = statement.where(tuple_(Deal.expected_close, Deal.lead_id) > cursor)
    rows = db.session.execute(statement).all()
    cards = [
        {
            "lead_id": row.lead_id,
            "name": row.name,
            "company": row.company,
            "value_minor": row.value_minor,
            "currency": row.currency,
            "expected_close": row.expected_close,
            "owner": {"id": row.owner_id, "name": row.owner_name} if row.owner_id is not None else None,
            "version": row.version,
        }
        for row in rows[:PAGE]
    ]
    last = rows[PAGE - 1] if len(rows) > PAGE else None
    return cards, cursor_text((last.expected_close, last.lead_id)) if last else None


def _column(stage: DealStage, totals: dict[int, dict[str, Any]], after: Cursor | None) -> dict[str, Any]:
    cards, following = ([], None) if stage.outcome else _cards(stage.id, after)
    return {
        "stage": deals.stage_state(stage),
        **totals.get(stage.id, {"count": 0, "totals": []}),
        "cards": cards,
        "next": following,
    }


def board() -> list[dict[str, Any]]:
    """Every stage's column, each with the first page of its cards."""
    stages = deals.stages()
    totals = _totals(stages)
    return [_column(stage, totals, None) for stage in stages]


def column(stage: DealStage, after: Cursor | None) -> dict[str, Any]:
    """One stage's column, its cards from after the cursor."""
    return _column(stage, _totals([stage]), after)
