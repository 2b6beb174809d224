"""/api/v1/changes: what changed among the leads since a moment, for a sync that misses nothing.
Each lead changed (its work, notes, conversation or deal) as the list shows it now, and each lead
deleted (erased, or past its retention) as a tombstone: its id and when, nothing of the person."""

from typing import Any

from flask import abort, g
from marshmallow import Schema, ValidationError, fields, post_load

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import as_utc
from ..auth.api_tokens import token
from ..leads import page
from ..leads.lead_answers import InboxLeadRow
from .changes import ChangeCursor, Forgotten, read
from .leads_v1_api import PageSize


class ChangesQuery(PageSize):
    since = fields.AwareDateTime(
        metadata={
            "description": "Where a first sync starts: the changes made from this moment (ISO 8601 with"
            " its offset). Start a minute before your full copy began; later pages take `cursor`."
        }
    )
    cursor = fields.String(metadata={"description": "The `next` of the page before."})

    @post_load
    def decoded(self, query: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        if "cursor" in query:
            try:
                query["cursor"] = ChangeCursor.decode(query["cursor"])
            except ValueError:
                raise ValidationError(
                    "Not a cursor of the changes: start again from a moment.", "cursor"
                ) from None
        return query


class V1Change(Schema):
    lead_id = fields.Integer(required=True)
    changed_at = fields.DateTime(required=True)
    erased = fields.Boolean(
        required=True, metadata={"description": "Deleted (erased, or past retention): a tombstone."}
    )
    lead = fields.Nested(
        InboxLeadRow,
        required=True,
        allow_none=True,
        metadata={"description": "The lead as the list shows it now; null for a tombstone."},
    )


class V1Changes(Schema):
    changes = fields.List(
        fields.Nested(V1Change),
        required=True,
        metadata={"description": "In the order they were committed, each lead once (at its latest change)."},
    )
    next = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "Where to go on from: ask with it until a page comes back empty, then again"
            " later with the same cursor. Null only when there has been no change at all."
        },
    )


bp = contract.Blueprint("api_v1_changes", __name__, url_prefix="/api/v1")


@bp.get("/changes")
@token("leads:read")
@bp.arguments(ChangesQuery, location="query")
@bp.response(200, V1Changes, description="The changes after the cursor (or from `since`), oldest first.")
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid moment, cursor or limit.")
@bp.refuses(410, "The changes from then are no longer kept (30 days): copy the leads again in full.")
def list_changes(query: dict[str, Any]):
    """The leads changed, and deleted, since a moment."""
    try:
        rows, cursor = read(query.get("since"), query.get("cursor"), query["limit"])
    except Forgotten:
        abort(
            410,
            description="The changes from then are no longer kept: copy the leads again in full, then"
            " follow the changes from the moment that copy began.",
        )
    # Each lead once, where its last change in the page falls: what is sent is how it stands now.
    latest: dict[int, Any] = {}
    for row in rows:
        latest.pop(row.lead_id, None)
        latest[row.lead_id] = row.changed_at
    shown = page.by_ids(list(latest))
    changes = [
        {
            "lead_id": lead_id,
            "changed_at": as_utc(changed_at),
            "erased": lead_id not in shown,
            "lead": shown.get(lead_id),
        }
        for lead_id, changed_at in latest.items()
    ]
    audit.record("changes_listed", g.staff.id, rows=len(changes), erased=sum(c["erased"] for c in changes))
    db.session.commit()
    return {"changes": changes, "next": cursor}
