"""The pipeline: its stages, which every role reads and admins rename, weigh and reorder, and the
reasons a deal is lost, which admins keep; each change on the audit trail. A won and a lost stage
are always there: a stage keeps its outcome."""

from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, fields, validate
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.deals import Deal, DealStage, LostReason
from ..auth.guard import staff
from ..leads import deals
from ..leads.deals_api import InboxLostReason, InboxStage
from ..leads.filters import MAX_ID
from ..leads.written import written
from .ordering import reorder

bp = contract.Blueprint("inbox_stages", __name__, url_prefix="/api/inbox")

MAX_NAME_LENGTH = 60


class StageChange(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("stage's name", MAX_NAME_LENGTH, "text")
    probability = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=0, max=100, error="Give a percent from 0 to 100."),
    )


class StageOrder(Schema):
    class Meta:
        unknown = EXCLUDE

    stage_ids = fields.List(fields.Integer(strict=True), required=True, validate=validate.Length(max=100))


class ReasonChange(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("reason", MAX_NAME_LENGTH, "text")


class InboxPipeline(Schema):
    stages = fields.List(fields.Nested(InboxStage), required=True, metadata={"description": "In order."})
    lost_reasons = fields.List(fields.Nested(InboxLostReason), required=True)


def _pipeline() -> dict[str, Any]:
    return {
        "stages": [deals.stage_state(stage) for stage in deals.stages()],
        "lost_reasons": deals.lost_reasons(),
    }


def _committed(conflict: str) -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        abort(409, description=conflict)


@bp.get("/pipeline")
@staff()
@bp.response(200, InboxPipeline, description="The stages in order, and the reasons a deal is lost.")
def read_pipeline():
    """The pipeline's stages and the reasons a deal is lost."""
    return _pipeline()


@bp.post("/pipeline/stages/<int:stage_id>")
@staff("admin")
@bp.arguments(StageChange)
@bp.response(200, InboxPipeline, description="The pipeline as it now stands.")
@bp.refuses(404, "No such stage.")
@bp.refuses(409, "Another stage has the name.")
def change_stage(change: dict[str, Any], stage_id: int):
    """Rename a stage, or change the chance a deal in it is won (the forecast's weight)."""
    stage = db.session.get(DealStage, stage_id) if stage_id <= MAX_ID else None
    if stage is None:
        abort(404, description="There is no such stage.")
    stage.name, stage.probability = change["name"], change["probability"]
    audit.record("stage_changed", g.staff.id, stage_id=stage_id, probability=change["probability"])
    _committed("Another stage has this name: choose another.")
    return _pipeline()


@bp.post("/pipeline/stages/order")
@staff("admin")
@bp.arguments(StageOrder)
@bp.response(200, InboxPipeline, description="The stages in their new order.")
@bp.refuses(409, "The stages given are not the pipeline's.")
def order_stages(order: dict[str, list[int]]):
    """Set the stages' order, as the board's columns show them."""
    reorder(
        DealStage,
        order["stage_ids"],
        "The stages changed since this page was loaded: reload it and order them again.",
        "stages_ordered",
        "stage_ids",
    )
    return _pipeline()


@bp.post("/pipeline/lost-reasons")
@staff("admin")
@bp.arguments(ReasonChange)
@bp.response(201, InboxPipeline, description="The pipeline with the reason, last.")
@bp.refuses(409, "The reason is there already.")
def add_lost_reason(change: dict[str, str]):
    """Add a reason a deal may be lost for."""
    last = db.session.scalar(select(func.max(LostReason.position)))
    reason = LostReason(name=change["name"], position=(last or 0) + 1)
    db.session.add(reason)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        abort(409, description="This reason is on the list already.")
    audit.record("lost_reason_added", g.staff.id, lost_reason_id=reason.id)
    db.session.commit()
    return _pipeline(), 201


@bp.post("/pipeline/lost-reasons/<int:reason_id>/remove")
@staff("admin")
@bp.response(200, InboxPipeline, description="The pipeline without the reason.")
@bp.refuses(404, "No such reason.")
@bp.refuses(409, "A lost deal gives the reason.")
def remove_lost_reason(reason_id: int):
    """Remove a reason no lost deal gives."""
    reason = db.session.get(LostReason, reason_id) if reason_id <= MAX_ID else None
    if reason is None:
        abort(404, description="There is no such reason.")
    if db.session.scalar(select(Deal.lead_id).where(Deal.lost_reason_id == reason_id).limit(1)) is not None:
        abort(409, description="A lost deal gives this reason: it stays on the list.")
    db.session.delete(reason)
    audit.record("lost_reason_removed", g.staff.id, lost_reason_id=reason_id)
    db.session.commit()
    return _pipeline()
