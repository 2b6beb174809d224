"""The board's read: a column per stage, each open stage's deals as cards a page at a time. Every
role reads it; like any page of leads, each read is on the audit trail. Cards are moved through the
deal's own endpoint (deals_api.py), on the version the card was read at."""

import re
from datetime import date
from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validate, validates_schema

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.deals import DealStage
from ..auth.guard import staff
from . import board, deals
from .deals_api import InboxLostReason, InboxStage
from .filters import MAX_ID, an_id

bp = contract.Blueprint("inbox_board", __name__, url_prefix="/api/inbox")

_CURSOR = re.compile(r"^(\d{4}-\d{2}-\d{2})\.(\d{1,10})$")


class BoardQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    stage = fields.Integer(
        validate=an_id("Not one the inbox gave."),
        metadata={"description": "One stage's column only."},
    )
    after = fields.String(
        validate=validate.Length(max=30),
        metadata={"description": "The stage's cursor: its cards after it (with `stage`)."},
    )

    @validates_schema
    def _after_a_stage(self, query: dict[str, Any], **_: Any) -> None:
        if "after" in query and "stage" not in query:
            raise ValidationError("A cursor goes with its stage.", "after")

    @post_load
    def _cursor(self, query: dict[str, Any], **_: Any) -> dict[str, Any]:
        text = query.get("after")
        if text is None:
            return query
        found = _CURSOR.match(text)
        try:
            day = date.fromisoformat(found.group(1)) if found else None
        except ValueError:
            day = None
        if found is None or day is None or int(found.group(2)) > MAX_ID:
            raise ValidationError("Not a cursor the board gave.", "after")
        return {**query, "after": (day, int(found.group(2)))}


class InboxCard(Schema):
    lead_id = fields.Integer(required=True)
    name = fields.String(required=True)
    company = fields.String(required=True, allow_none=True)
    value_minor = fields.Integer(required=True)
    currency = fields.String(required=True)
    expected_close = fields.Date(required=True)
    owner = fields.Nested("InboxPerson", required=True, allow_none=True)
    version = fields.Integer(required=True, metadata={"description": "The deal's: a move names it."})


class InboxStageTotal(Schema):
    currency = fields.String(required=True)
    value_minor = fields.Integer(required=True)


class InboxColumn(Schema):
    stage = fields.Nested(InboxStage, required=True)
    count = fields.Integer(
        required=True,
        metadata={
            "description": f"The deals in an open stage; in a won or lost one, those closed in the last"
            f" {board.CLOSED_DAYS} days."
        },
    )
    totals = fields.List(
        fields.Nested(InboxStageTotal), required=True, metadata={"description": "Their value by currency."}
    )
    cards = fields.List(
        fields.Nested(InboxCard),
        required=True,
        metadata={
            "description": f"Open stages' deals, the soonest expected close first, {board.PAGE} at a time;"
            " none in a won or lost stage."
        },
    )
    next = fields.String(
        required=True, allow_none=True, metadata={"description": "The cursor of the column's next cards."}
    )


class InboxBoard(Schema):
    columns = fields.List(fields.Nested(InboxColumn), required=True, metadata={"description": "In order."})
    lost_reasons = fields.List(
        fields.Nested(InboxLostReason), required=True, metadata={"description": "For a move to lost."}
    )


@bp.get("/board")
@staff()
@bp.arguments(BoardQuery, location="query")
@bp.response(200, InboxBoard, description="The columns; with `stage`, that one's only.")
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid stage or cursor.")
@bp.refuses(404, "No such stage.")
def read_board(query: dict[str, Any]):
    """The board: each stage's column, and each open deal's card."""
    if "stage" in query:
        stage = db.session.get(DealStage, query["stage"])
        if stage is None:
            abort(404, description="There is no such stage: an admin may have changed the pipeline.")
        columns = [board.column(stage, query.get("after"))]
    else:
        columns = board.board()
    cards = sum(len(column["cards"]) for column in columns)
    audit.record("board_read", g.staff.id, rows=cards)
    db.session.commit()
    return {"columns": columns, "lost_reasons": deals.lost_reasons()}
