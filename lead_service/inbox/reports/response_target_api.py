"""The team's response target: how many hours of weekday time a new lead may wait for its first
response before the team is alerted of it (the outbox worker's overdue.py). Every role reads it;
admins set or lift it, on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from flask import g
from marshmallow import EXCLUDE, Schema, fields, validate

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import as_utc
from ...models.staff import ResponseTarget, StaffUser
from ..auth.guard import staff

bp = contract.Blueprint("inbox_response_target", __name__, url_prefix="/api/inbox")

MAX_HOURS = 120  # a working week


class TargetChange(Schema):
    class Meta:
        unknown = EXCLUDE

    hours = fields.Integer(
        required=True,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_HOURS, error=f"Choose from 1 to {MAX_HOURS} working hours."),
        metadata={"description": "Hours of weekday time; null lifts the target."},
    )


class InboxResponseTarget(Schema):
    hours = fields.Integer(required=True, allow_none=True, metadata={"description": "Null: no target."})
    updated_at = fields.DateTime(required=True, allow_none=True)
    updated_by = fields.Nested("InboxPerson", required=True, allow_none=True)


def _now() -> dict[str, Any]:
    target = db.session.get(ResponseTarget, 1)
    if target is None:
        return {"hours": None, "updated_at": None, "updated_by": None}
    author = db.session.get(StaffUser, target.updated_by)
    return {
        "hours": target.hours,
        "updated_at": as_utc(target.updated_at),
        "updated_by": {"id": author.id, "name": author.name},
    }


@bp.get("/response-target")
@staff()
@bp.response(
    200, InboxResponseTarget, description="The target, and who set it when; all null when there is none."
)
def read_target():
    """The team's response target."""
    return _now()


@bp.post("/response-target")
@staff("admin")
@bp.arguments(TargetChange)
@bp.response(200, InboxResponseTarget, description="The target as it now stands.")
def set_target(change: dict[str, int | None]):
    """Set the team's response target, or lift it: the leads that come from now on are alerted of."""
    hours = change["hours"]
    target = db.session.get(ResponseTarget, 1)
    if hours is None and target is not None:
        db.session.delete(target)
    elif hours is not None:
        target = target or ResponseTarget(id=1)
        target.hours, target.updated_at, target.updated_by = hours, datetime.now(UTC), g.staff.id
        db.session.add(target)
    audit.record("response_target_set", g.staff.id, hours=hours)
    db.session.commit()
    return _now()
