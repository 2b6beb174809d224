"""Deals: a lead made a deal with a value, a currency, an expected close and a stage; moved from stage
to stage on the version read, the second of two movers answered 409 with where the first put it; a
won or lost stage closes the deal and gives its lead that status, a lost one only with a reason; the
pipeline's stages renamed, weighed and ordered by admins, its reasons kept; all on the audit trail."""

import pytest

from lead_service.extensions import db
from lead_service.models.deals import DealStage, LostReason

from ..conftest import quote

PIPELINE = "/api/inbox/pipeline"


def _deal(lead_id: int) -> str:
    return f"/api/inbox/leads/{lead_id}/deal"


@pytest.fixture
def pipeline(app):
    """The stages and reasons by name (their ids), as migrated: the inbox's clean-up puts them back."""
    with app.app_context():
        stages = {stage.name: stage.id for stage in db.session.scalars(db.select(DealStage))}
        reasons = {reason.name: reason.id for reason in db.session.scalars(db.select(LostReason))}
    return stages, reasons


def _made(client, lead_id, stage_id=None, **values):
    body = {
        "version": None,
        "stage_id": stage_id,
        "value_minor": 1_250_000,
        "currency": "USD",
        "expected_close": "2027-01-15",
        **values,
    }
    return client.post(_deal(lead_id), json=body)


def test_a_lead_becomes_a_deal_shown_on_its_page(signed_in, add, pipeline, audit_trail):
    stages, _ = pipeline
    client = signed_in("sales")
    [lead_id] = add(quote())

    made = _made(client, lead_id, stages["Qualified"])

    assert made.status_code == 200
    deal = made.json
    assert (deal["value_minor"], deal["currency"], deal["expected_close"]) == (1_250_000, "USD", "2027-01-15")
    assert deal["stage"] == {
        "id": stages["Qualified"],
        "name": "Qualified",
        "probability": 40,
        "outcome": None,
    }
    assert (deal["version"], deal["closed_at"], deal["lost_reason"]) == (1, None, None)
    assert client.get(f"/api/inbox/leads/{lead_id}").json["deal"] == deal
    again = _made(client, lead_id, stages["New"])
    assert again.status_code == 409 and again.json["deal"] == deal  # made once; the second shown it
    assert [detail for action, _, detail in audit_trail() if action == "deal_made"] == [
        {"stage_id": stages["Qualified"]}
    ]


def test_of_two_people_moving_one_card_the_second_is_shown_the_first_ones_move(colleague, add, pipeline):
    stages, _ = pipeline
    (first, _), (second, _) = (
        colleague("sales", "first@staff.example"),
        colleague("sales", "second@staff.example"),
    )
    [lead_id] = add(quote())
    _made(first, lead_id, stages["Qualified"])

    moved = first.post(f"{_deal(lead_id)}/stage", json={"version": 1, "stage_id": stages["Proposal"]})
    late = second.post(f"{_deal(lead_id)}/stage", json={"version": 1, "stage_id": stages["New"]})

    assert moved.status_code == 200 and moved.json["version"] == 2
    assert late.status_code == 409
    assert late.json["deal"] == moved.json  # where the first put it, nothing lost
    assert second.get(f"/api/inbox/leads/{lead_id}").json["deal"]["stage"]["name"] == "Proposal"


def test_a_lost_deal_needs_a_reason_and_closes_with_its_leads_status(signed_in, add, pipeline):
    stages, reasons = pipeline
    client = signed_in("sales")
    [lead_id] = add(quote())
    _made(client, lead_id, stages["Proposal"])

    refused = client.post(f"{_deal(lead_id)}/stage", json={"version": 1, "stage_id": stages["Lost"]})
    assert refused.status_code == 400 and list(refused.json["errors"]) == ["lost_reason_id"]
    lost = client.post(
        f"{_deal(lead_id)}/stage",
        json={"version": 1, "stage_id": stages["Lost"], "lost_reason_id": reasons["Price"]},
    )

    assert lost.json["lost_reason"] == {"id": reasons["Price"], "name": "Price"}
    assert lost.json["closed_at"] is not None
    lead = client.get(f"/api/inbox/leads/{lead_id}").json
    assert lead["work"]["status"] == "lost"
    reopened = client.post(f"{_deal(lead_id)}/stage", json={"version": 2, "stage_id": stages["Proposal"]})
    assert (reopened.json["closed_at"], reopened.json["lost_reason"]) == (None, None)


def test_a_won_deal_wins_its_lead(signed_in, add, pipeline):
    stages, _ = pipeline
    client = signed_in("admin")
    [lead_id] = add(quote())

    won = _made(client, lead_id, stages["Won"])

    assert won.json["closed_at"] is not None
    assert client.get(f"/api/inbox/leads/{lead_id}").json["work"]["status"] == "won"


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"currency": "usd"}, "currency"),
        ({"value_minor": -1}, "value_minor"),
        ({"expected_close": "15/01/2027"}, "expected_close"),
        ({"stage_id": 999_999}, "stage_id"),
        ({"stage_id": 2**40}, "stage_id"),  # past the column: refused before the database is asked
    ],
    ids=["currency", "value", "day", "stage", "huge-id"],
)
def test_a_deal_that_cannot_be_is_refused_by_its_field(signed_in, add, pipeline, values, field):
    stages, _ = pipeline
    [lead_id] = add(quote())

    refused = _made(signed_in("sales"), lead_id, **{"stage_id": stages["New"], **values})

    assert refused.status_code == 400
    assert list(refused.json["errors"]) == [field]


def test_admins_rename_weigh_and_order_the_stages_and_keep_the_reasons(colleague, pipeline, audit_trail):
    stages, _ = pipeline
    (admin, _), (viewer, _) = colleague("admin"), colleague("viewer")

    renamed = admin.post(
        f"{PIPELINE}/stages/{stages['Proposal']}", json={"name": "Quoted", "probability": 70}
    )
    assert {"id": stages["Proposal"], "name": "Quoted", "probability": 70, "outcome": None} in renamed.json[
        "stages"
    ]
    order = [stages[name] for name in ("Contacted", "New", "Qualified", "Proposal", "Won", "Lost")]
    ordered = admin.post(f"{PIPELINE}/stages/order", json={"stage_ids": order})
    assert [stage["id"] for stage in ordered.json["stages"]] == order
    assert admin.post(f"{PIPELINE}/stages/order", json={"stage_ids": order[:-1]}).status_code == 409
    added = admin.post(f"{PIPELINE}/lost-reasons", json={"name": "Went quiet"})
    assert added.status_code == 201 and added.json["lost_reasons"][-1]["name"] == "Went quiet"
    assert admin.post(f"{PIPELINE}/lost-reasons", json={"name": "Went quiet"}).status_code == 409

    assert viewer.get(PIPELINE).json == added.json
    assert viewer.post(f"{PIPELINE}/lost-reasons", json={"name": "Other"}).status_code == 403
    assert {"stage_ids": ",".join(map(str, order))} in [detail for _, _, detail in audit_trail()]
    actions = [action for action, _, _ in audit_trail() if action in ("stage_changed", "stages_ordered")]
    assert actions == ["stage_changed", "stages_ordered"]


def test_a_reason_a_lost_deal_gives_stays(signed_in, add, pipeline):
    stages, reasons = pipeline
    admin = signed_in("admin")
    [lead_id] = add(quote())
    _made(admin, lead_id, stages["Lost"], lost_reason_id=reasons["Timing"])

    assert admin.post(f"{PIPELINE}/lost-reasons/{reasons['Timing']}/remove").status_code == 409
