"""The audit trail, for admins: GET /api/inbox/audit, newest first, filtered by user and action.
Read-only: no endpoint of the service changes or deletes an event."""

import json
from typing import Any

from marshmallow import Schema, fields, validate
from sqlalchemy import select

from ...audit import ACTIONS
from ...extensions import db
from ...intake import contract
from ...models.leads import as_utc
from ...models.staff import ApiToken, AuditEvent, StaffUser
from ..auth.guard import staff
from ..leads.filters import MAX_ID

bp = contract.Blueprint("inbox_audit", __name__, url_prefix="/api/inbox")

PAGE = 100


# An id the integer columns can hold: a larger one, compared with them, is an error in the
# database (PostgreSQL's "integer out of range", SQLite's overflow), not an empty page.
_ID = validate.Range(min=1, max=MAX_ID)


class AuditQuery(Schema):
    user = fields.Integer(validate=_ID, metadata={"description": "The acting user's id."})
    action = fields.String(
        validate=validate.OneOf(ACTIONS), metadata={"description": "One of the recorded actions."}
    )
    # Events are read newest first: the next page starts before the last event of this one.
    before = fields.Integer(validate=_ID, metadata={"description": "The `next` of the page before."})


# What the answer holds: the view's answer is dumped through these schemas, so that the answer is
# what the OpenAPI document shows.
class InboxAuditLead(Schema):
    id = fields.Integer(required=True)


class InboxAuditEvent(Schema):
    id = fields.Integer(required=True)
    at = fields.DateTime(required=True)
    actor_id = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "Null: from the command line, or a failed sign-in as an address that is nobody's."
        },
    )
    token_id = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The API token the act was made with (its maker the actor); null: none."},
    )
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    lead = fields.Nested(InboxAuditLead, required=True, allow_none=True)
    detail = fields.Dict(
        keys=fields.String(),
        # audit.record's facts: a count, a length, a reason, a flag, an id or none.
        values=fields.Raw(allow_none=True, metadata={"type": ["string", "integer", "boolean"]}),
        required=True,
    )


class InboxAuditUser(Schema):
    email = fields.String(required=True)
    name = fields.String(required=True)


class InboxAuditToken(Schema):
    name = fields.String(required=True)


class InboxAuditPage(Schema):
    events = fields.List(
        fields.Nested(InboxAuditEvent), required=True, metadata={"description": "Newest first."}
    )
    users = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(InboxAuditUser),
        required=True,
        metadata={"description": "The users the events name, by id."},
    )
    tokens = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(InboxAuditToken),
        required=True,
        metadata={"description": "The API tokens the events name, by id."},
    )
    actions = fields.List(
        fields.String(validate=validate.OneOf(ACTIONS)),
        required=True,
        metadata={"description": "Every action the trail records, for the filter."},
    )
    next = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The next page's `before`; null: none."}
    )


@bp.get("/audit")
@staff("admin")
@bp.arguments(AuditQuery, location="query")
@bp.response(
    200,
    InboxAuditPage,
    description="The events (who, when, what, which lead, and facts such as a count or a query's length),"
    " the users they name, the actions there are, and the cursor of the next page (null at the end).",
)
@bp.alt_response(
    400,
    schema=contract.ValidationErrors,
    description="A filter that is not a user id, an action or a cursor.",
)
def audit_trail(query: dict[str, Any]):
    """The audit trail, newest first, 100 events a page."""
    return trail(query)


def trail(query: dict[str, Any]) -> dict[str, Any]:
    """A page of the trail under the query's filters."""
    statement = select(AuditEvent).order_by(AuditEvent.id.desc()).limit(PAGE + 1)
    if "user" in query:
        statement = statement.where(AuditEvent.actor_id == query["user"])
    if "action" in query:
        statement = statement.where(AuditEvent.action == query["action"])
    if "before" in query:
        statement = statement.where(AuditEvent.id < query["before"])
    events = db.session.scalars(statement).all()
    page = events[:PAGE]
    actors = {event.actor_id for event in page if event.actor_id is not None}
    users = db.session.scalars(select(StaffUser).where(StaffUser.id.in_(actors))).all() if actors else []
    used = {event.token_id for event in page if event.token_id is not None}
    tokens = db.session.scalars(select(ApiToken).where(ApiToken.id.in_(used))).all() if used else []
    return {
        "events": [
            {
                "id": event.id,
                "at": as_utc(event.at),
                "actor_id": event.actor_id,
                "token_id": event.token_id,
                "action": event.action,
                "lead": {"id": event.lead_id} if event.lead_id is not None else None,
                "detail": json.loads(event.detail) if event.detail else {},
            }
            for event in page
        ],
        "users": {str(user.id): {"email": user.email, "name": user.name} for user in users},
        "tokens": {str(row.id): {"name": row.name} for row in tokens},
        "actions": list(ACTIONS),
        "next": page[-1].id if len(events) > PAGE else None,
    }
