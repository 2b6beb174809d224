"""The forecast: open deals' value times their stage's probability, by month of expected close and
currency, equal to the database's own sum on both databases; deals won and lost by the month they
closed, the lost by reason; the median days from a lead to its win."""

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import text

from lead_service.extensions import db
from lead_service.models.deals import Deal, DealStage, LostReason

from ..conftest import quote

FORECAST = "/api/inbox/forecast"
CAME = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def deals(app, add):
    """Open deals over two months and two currencies, two won and one lost."""
    with app.app_context():
        stage = {s.name: s.id for s in db.session.scalars(db.select(DealStage))}
        reason = {r.name: r.id for r in db.session.scalars(db.select(LostReason))}
    ids = add(*(quote(f"Deal{n} Person", at=CAME, email=f"deal{n}@deal.io") for n in range(7)))
    rows = [
        (stage["Qualified"], 1_000_001, "USD", date(2027, 1, 10), None, None),
        (stage["Proposal"], 2_500_000, "USD", date(2027, 1, 31), None, None),
        (stage["New"], 999, "EUR", date(2027, 1, 5), None, None),
        (stage["Proposal"], 4_000_000, "USD", date(2027, 2, 1), None, None),
        (stage["Won"], 3_000_000, "USD", date(2026, 11, 20), CAME + timedelta(days=10), None),
        (stage["Won"], 1_000_000, "USD", date(2026, 11, 20), CAME + timedelta(days=20), None),
        (stage["Lost"], 500_000, "USD", date(2026, 11, 20), CAME + timedelta(days=30), reason["Price"]),
    ]
    with app.app_context():
        db.session.add_all(
            Deal(
                lead_id=lead_id,
                stage_id=s,
                value_minor=v,
                currency=c,
                expected_close=e,
                closed_at=x,
                lost_reason_id=r,
            )
            for lead_id, (s, v, c, e, x, r) in zip(ids, rows, strict=True)
        )
        db.session.commit()
    return ids


def _sql_sums(app) -> list[tuple[str, str, int]]:
    """The database's own sum of value times probability, by month and currency, written here apart
    from the service's query."""
    with app.app_context():
        month = (
            "to_char(d.expected_close, 'YYYY-MM')"
            if db.engine.dialect.name == "postgresql"
            else "strftime('%Y-%m', d.expected_close)"
        )
        query = text(
            f"SELECT {month} AS month, d.currency, SUM(d.value_minor * s.probability) AS total"
            " FROM deals d JOIN deal_stages s ON s.id = d.stage_id WHERE s.outcome IS NULL"
            f" GROUP BY {month}, d.currency ORDER BY 1, 2"
        )
        return [(row.month, row.currency, int(row.total)) for row in db.session.execute(query)]


def test_the_forecast_is_the_databases_sum_of_value_times_probability_by_month(app, signed_in, deals):
    answer = signed_in("viewer").get(FORECAST).json

    sums = _sql_sums(app)
    assert [(m["month"], m["currency"]) for m in answer["open"]] == [(month, cur) for month, cur, _ in sums]
    assert [m["weighted_minor"] for m in answer["open"]] == [(total + 50) // 100 for _, _, total in sums]
    # By hand: 40 % of 10,000.01 and 60 % of 25,000 dollars in January; 10 % of 9.99 euros.
    assert answer["open"][1] == {
        "month": "2027-01",
        "currency": "USD",
        "deals": 2,
        "value_minor": 3_500_001,
        "weighted_minor": 1_900_000,
    }
    assert answer["open"][0]["weighted_minor"] == 100  # 99.9 cents, whole


def test_won_and_lost_by_month_with_reasons_and_the_days_to_a_win(signed_in, deals):
    answer = signed_in("viewer").get(FORECAST).json

    lost, won = answer["closed"]  # by month, then outcome
    assert lost == {
        "month": "2026-10",
        "outcome": "lost",
        "currency": "USD",
        "deals": 1,
        "value_minor": 500_000,
        "reasons": {"Price": 1},
    }
    assert (won["outcome"], won["deals"], won["value_minor"], won["reasons"]) == ("won", 2, 4_000_000, {})
    assert answer["median_days_to_win"] == 15.0
