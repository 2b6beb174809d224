"""A lead's deal: made and changed from its page, moved from stage to stage on the board; by sales
and admins, on the version read, a stale version answered 409 with the deal as it now stands."""

from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ...intake import contract
from ..auth.guard import staff
from . import deals
from .filters import an_id
from .lookup import lead_or_404

bp = contract.Blueprint("inbox_deals", __name__, url_prefix="/api/inbox")

MAX_VALUE_MINOR = 10**15  # ten trillion in a currency of cents: past any deal, within a BIGINT


def _id(description: str = "", **kwargs: Any) -> fields.Integer:
    """An id or a version, within the integer columns that hold them."""
    return fields.Integer(
        strict=True,
        validate=an_id("Not one the inbox gave."),
        metadata={"description": description} if description else {},
        **kwargs,
    )


class DealMove(Schema):
    class Meta:
        unknown = EXCLUDE

    version = _id("The deal's, as read.", required=True)
    stage_id = _id(required=True)
    lost_reason_id = _id("Needed for a lost stage.", load_default=None, allow_none=True)


class DealChange(Schema):
    class Meta:
        unknown = EXCLUDE

    version = _id("The deal's, as read; null makes it.", required=True, allow_none=True)
    stage_id = _id(required=True)
    value_minor = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=0, max=MAX_VALUE_MINOR, error="Give a value of 0 or more."),
        metadata={"description": "In the currency's minor units (cents for USD)."},
    )
    currency = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Z]{3}$", error="Give the currency's three-letter code, such as USD."),
    )
    expected_close = fields.Date(required=True, format="%Y-%m-%d")
    lost_reason_id = _id("Needed for a lost stage.", load_default=None, allow_none=True)


class InboxStage(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    probability = fields.Integer(required=True, metadata={"description": "Percent: the forecast's weight."})
    outcome = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(("won", "lost")),
        metadata={"description": "Null: open."},
    )


class InboxLostReason(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class InboxDeal(Schema):
    lead_id = fields.Integer(required=True)
    stage = fields.Nested(InboxStage, required=True)
    value_minor = fields.Integer(required=True)
    currency = fields.String(required=True)
    expected_close = fields.Date(required=True)
    lost_reason = fields.Nested(InboxLostReason, required=True, allow_none=True)
    version = fields.Integer(required=True)
    closed_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "When it was won or lost."}
    )


class InboxDealConflict(Schema):
    deal = fields.Nested(
        InboxDeal, required=True, allow_none=True, metadata={"description": "As it now stands."}
    )
    description = fields.String(required=True, metadata={"description": "What happened, for the page."})


STALE = "Someone changed this deal since you loaded it, and nothing was saved: here is how it stands now."


def _done(step) -> Any:
    try:
        return step()
    except deals.DealRefused as refused:
        raise ValidationError({refused.field: [refused.message]}) from None
    except deals.DealStale as stale:
        return {"deal": stale.fresh, "description": STALE}, 409


@bp.post("/leads/<int:lead_id>/deal")
@staff("sales")
@bp.arguments(DealChange)
@bp.response(200, InboxDeal, description="The deal as it now stands.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.alt_response(409, schema=InboxDealConflict, description="Changed since it was read: nothing was saved.")
def save_deal(change: dict[str, Any], lead_id: int):
    """Make the lead a deal (version null), or change its deal: value, currency, expected close and
    stage. A won or lost stage closes it and gives the lead that status; a lost one needs a reason."""
    lead_or_404(lead_id)
    version = change.pop("version")
    return _done(lambda: deals.save(lead_id, version, change, g.staff))


@bp.post("/leads/<int:lead_id>/deal/stage")
@staff("sales")
@bp.arguments(DealMove)
@bp.response(200, InboxDeal, description="The deal in its new stage.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.alt_response(
    409, schema=InboxDealConflict, description="Moved or changed since it was read: nothing was saved."
)
def move_deal(move: dict[str, Any], lead_id: int):
    """Move the lead's deal to another stage, as a card on the board."""
    lead_or_404(lead_id)
    if deals.of_lead(lead_id) is None:
        abort(404, description="This lead is no deal yet.")
    return _done(
        lambda: deals.move(lead_id, move["version"], move["stage_id"], move["lost_reason_id"], g.staff)
    )
