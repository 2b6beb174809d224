"""The board: a column per stage in the pipeline's order, each with its count and value by currency;
each open deal a card with its value and owner, the soonest expected close first, a page at a time;
won and lost columns without cards, counting the deals closed in the last 30 days; a moved card
found in its new column; each read audited."""

from datetime import UTC, date, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.models.deals import Deal, DealStage
from lead_service.models.staff import StaffUser

from ..conftest import quote

BOARD = "/api/inbox/board"


@pytest.fixture
def stages(app):
    """The stages' ids by name, as migrated."""
    with app.app_context():
        return {stage.name: stage.id for stage in db.session.scalars(db.select(DealStage))}


@pytest.fixture
def deals(app, add):
    """Stores a deal for each (stage id, value in minor units, currency, expected close) given, on
    a new lead of the owner's (a staff id or None): the leads' ids."""

    def store(*rows, owner=None):
        lead_ids = add(*(quote(f"Dana{index} Deal", owner_id=owner) for index in range(len(rows))))
        with app.app_context():
            db.session.add_all(
                Deal(lead_id=lead_id, stage_id=stage, value_minor=value, currency=currency, expected_close=on)
                for lead_id, (stage, value, currency, on) in zip(lead_ids, rows, strict=True)
            )
            db.session.commit()
        return lead_ids

    return store


def _column(board, name):
    return next(column for column in board["columns"] if column["stage"]["name"] == name)


def test_each_stage_is_a_column_and_each_open_deal_a_card_with_its_value_and_owner(
    app, signed_in, stages, deals, audit_trail
):
    client = signed_in("viewer")
    with app.app_context():
        owner = db.session.scalar(db.select(StaffUser))
        owner_id, owner_name = owner.id, owner.name
    later, sooner = deals(
        (stages["Qualified"], 500_000, "USD", date(2027, 3, 1)),
        (stages["Qualified"], 250_000, "USD", date(2027, 2, 1)),
        owner=owner_id,
    )
    [euros, won, won_long_ago] = deals(
        (stages["Qualified"], 90_000, "EUR", date(2027, 4, 1)),
        (stages["Won"], 700_000, "USD", date(2027, 1, 1)),
        (stages["Won"], 300_000, "USD", date(2026, 9, 1)),
    )
    with app.app_context():
        for lead_id, days_ago in ((won, 29), (won_long_ago, 31)):
            closed = datetime.now(UTC) - timedelta(days=days_ago)
            db.session.execute(db.update(Deal).where(Deal.lead_id == lead_id).values(closed_at=closed))
        db.session.commit()

    board = client.get(BOARD).json

    assert [column["stage"]["name"] for column in board["columns"]] == [
        "New",
        "Contacted",
        "Qualified",
        "Proposal",
        "Won",
        "Lost",
    ]
    qualified = _column(board, "Qualified")
    assert [card["lead_id"] for card in qualified["cards"]] == [sooner, later, euros]
    assert qualified["cards"][0] == {
        "lead_id": sooner,
        "name": "Dana1 Deal",
        "company": None,
        "value_minor": 250_000,
        "currency": "USD",
        "expected_close": "2027-02-01",
        "owner": {"id": owner_id, "name": owner_name},
        "version": 1,
    }
    assert qualified["cards"][2]["owner"] is None
    assert qualified["count"] == 3
    assert qualified["totals"] == [
        {"currency": "EUR", "value_minor": 90_000},
        {"currency": "USD", "value_minor": 750_000},
    ]
    assert qualified["next"] is None
    won_column = _column(board, "Won")
    # Closed: counted, not a card; of the deals won, those of the last 30 days.
    assert (won_column["count"], won_column["totals"], won_column["cards"]) == (
        1,
        [{"currency": "USD", "value_minor": 700_000}],
        [],
    )
    assert won not in [card["lead_id"] for column in board["columns"] for card in column["cards"]]
    assert _column(board, "New") == {**_column(board, "New"), "count": 0, "totals": [], "cards": []}
    assert board["lost_reasons"][0]["name"] == "Price"
    assert ("board_read", {"rows": 3}) in [(action, detail) for action, _, detail in audit_trail()]


def test_a_long_column_comes_a_page_at_a_time_in_order(signed_in, stages, deals):
    client = signed_in("sales")
    start = date(2027, 1, 1)
    lead_ids = deals(*((stages["New"], 100, "USD", start + timedelta(days=index % 7)) for index in range(53)))
    expected = sorted(lead_ids, key=lambda lead_id: ((lead_id - lead_ids[0]) % 7, lead_id))

    first = _column(client.get(BOARD).json, "New")
    following = client.get(BOARD, query_string={"stage": stages["New"], "after": first["next"]}).json

    assert (len(first["cards"]), first["count"]) == (50, 53)
    [column] = following["columns"]
    assert column["next"] is None and column["count"] == 53
    assert [card["lead_id"] for card in first["cards"] + column["cards"]] == expected


def test_a_moved_card_is_in_its_new_column(signed_in, stages, deals):
    client = signed_in("sales")
    [lead_id] = deals((stages["New"], 100, "USD", date(2027, 1, 1)))

    moved = client.post(
        f"/api/inbox/leads/{lead_id}/deal/stage", json={"version": 1, "stage_id": stages["Proposal"]}
    )

    assert moved.status_code == 200
    board = client.get(BOARD).json
    assert _column(board, "New")["cards"] == []
    assert [(card["lead_id"], card["version"]) for card in _column(board, "Proposal")["cards"]] == [
        (lead_id, 2)
    ]


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [
        ({"after": "2027-01-01.5"}, 400, "after"),
        ({"stage": 1, "after": "yesterday"}, 400, "after"),
        ({"stage": 1, "after": "2027-02-30.5"}, 400, "after"),
        ({"stage": 1, "after": "2027-01-01.99999999999"}, 400, "after"),
        ({"stage": 2**40}, 400, "stage"),
        ({"stage": "first"}, 400, "stage"),
        ({"stage": 999_999}, 404, None),
    ],
    ids=["cursor-alone", "cursor-word", "cursor-day", "cursor-id", "huge-stage", "stage-word", "no-stage"],
)
def test_a_query_the_board_did_not_give_is_refused(signed_in, query, status, field):
    refused = signed_in("viewer").get(BOARD, query_string=query)

    assert refused.status_code == status
    if field:
        assert list(refused.json["errors"]) == [field]
