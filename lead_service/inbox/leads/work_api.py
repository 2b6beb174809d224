"""The sales team's work on leads through the inbox: a lead's status and owner, one lead or several
at once, each change made on the version the page showed (409 with the fresh values when a
colleague got there first); its next step; spam; the staff a lead may be given to. Sales and admins
change; every role reads. Notes are notes_api.py's."""

from collections.abc import Callable
from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from ... import content
from ...intake import contract
from ...models.leads import LEAD_STATUSES
from ...schemas import characters
from ..auth.guard import staff
from . import work
from .filters import MAX_ID
from .lookup import lead_or_404
from .staff_person import InboxPerson

bp = contract.Blueprint("inbox_work", __name__, url_prefix="/api/inbox")

MAX_BULK = content.load("inbox")["limits"]["maxBulkChange"]
MAX_NEXT_STEP_LENGTH = content.load("inbox")["limits"]["maxNextStepLength"]


# What an integer column holds: anything larger names no lead and no version.
_STORED = validate.Range(min=0, max=MAX_ID, error="Not one of this inbox's numbers.")


def _version() -> fields.Integer:
    return fields.Integer(
        required=True,
        strict=True,
        validate=_STORED,
        metadata={"description": "The lead's version the change is made on."},
    )


class WorkChange(Schema):
    class Meta:
        unknown = EXCLUDE

    status = fields.String(validate=validate.OneOf(LEAD_STATUSES, error="Choose one of the statuses."))
    owner_id = fields.Integer(
        allow_none=True,
        strict=True,
        validate=_STORED,
        metadata={"description": "A staff user's id; null: nobody."},
    )

    @validates_schema
    def something_changes(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if "status" not in data and "owner_id" not in data:
            raise ValidationError("Give a status or an owner.", "status")
        owner = data.get("owner_id")
        if owner is not None and not work.may_own(owner):
            raise ValidationError("Choose someone from sales or an admin who can sign in.", "owner_id")


class LeadChange(WorkChange):
    version = _version()


class LeadRef(Schema):
    id = fields.Integer(required=True, strict=True, validate=_STORED)
    version = _version()


class LeadsChange(WorkChange):
    leads = fields.List(
        fields.Nested(LeadRef),
        required=True,
        validate=validate.Length(min=1, max=MAX_BULK, error=f"Choose from 1 to {MAX_BULK} leads."),
    )


class SpamChange(Schema):
    class Meta:
        unknown = EXCLUDE

    spam = fields.Boolean(required=True, truthy={True}, falsy={False})
    version = _version()


class NextStep(Schema):
    class Meta:
        unknown = EXCLUDE

    on = fields.Date(
        required=True,
        allow_none=True,
        format="%Y-%m-%d",
        metadata={"description": "The UTC day it is due (YYYY-MM-DD); null clears the next step."},
    )
    text = fields.String(
        load_default=None,
        allow_none=True,
        validate=[
            validate.Length(
                max=MAX_NEXT_STEP_LENGTH,
                error=f"Keep a next step to {MAX_NEXT_STEP_LENGTH} characters or fewer.",
            ),
            characters({"type": "text"}),
        ],
        metadata={"description": "What it is, one line."},
    )

    @validates_schema
    def said(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data.get("on") and not (data.get("text") or "").strip():
            raise ValidationError("Say what the next step is.", "text")


class InboxNextStep(Schema):
    on = fields.Date(required=True, metadata={"description": "The UTC day it is due."})
    text = fields.String(required=True)


class InboxWork(Schema):
    spam = fields.Boolean(required=True, metadata={"description": "Out of the inbox, as spam."})
    status = fields.String(required=True, validate=validate.OneOf(LEAD_STATUSES))
    owner = fields.Nested(InboxPerson, required=True, allow_none=True)
    version = fields.Integer(required=True)
    first_response_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "The lead's first move out of new."}
    )
    response_seconds = fields.Integer(
        required=True, allow_none=True, metadata={"description": "From its arrival to its first response."}
    )
    next_step = fields.Nested(InboxNextStep, required=True, allow_none=True)


class InboxLeadWork(Schema):
    id = fields.Integer(required=True)
    work = fields.Nested(InboxWork, required=True, allow_none=True, metadata={"description": "Null: erased."})


class InboxWorkChanged(Schema):
    leads = fields.List(fields.Nested(InboxLeadWork), required=True)


class InboxWorkConflict(InboxWorkChanged):
    description = fields.String(required=True, metadata={"description": "What happened, for the page."})


class InboxOwners(Schema):
    owners = fields.List(fields.Nested(InboxPerson), required=True)


STALE = (
    "Someone changed this since you loaded it, and nothing was saved. Here is how it stands now:"
    " make your change again if it still applies."
)


def _leads(states: list[tuple[int, dict[str, Any] | None]]) -> list[dict[str, Any]]:
    return [{"id": lead_id, "work": now} for lead_id, now in states]


def _changed(make: Callable[[], list[tuple[int, dict[str, Any] | None]]]):
    """The leads' states after the change `make` makes, or, when a colleague's came first, 409 with
    theirs (dumped by the 409's own schema)."""
    try:
        return {"leads": _leads(make())}
    except work.Stale as stale:
        return {"description": STALE, "leads": _leads(stale.fresh)}, 409


def _work_changed(leads: list[tuple[int, int]], change: dict[str, Any]):
    given = {key: change[key] for key in ("status", "owner_id") if key in change}
    return _changed(lambda: work.change(leads, g.staff, **given))


@bp.post("/leads/<int:lead_id>/work")
@staff("sales")
@bp.arguments(LeadChange)
@bp.response(
    200,
    InboxWorkChanged,
    description="Changed; the lead's state as it now stands (its first move out of new sets its first"
    " response).",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.alt_response(
    409,
    schema=InboxWorkConflict,
    description="The lead changed since that version (or was erased): nothing was saved. Its fresh state.",
)
def change_lead(change: dict[str, Any], lead_id: int):
    """Change a lead's status or owner, on the version the page showed."""
    lead_or_404(lead_id)
    return _work_changed([(lead_id, change["version"])], change)


@bp.post("/leads/work")
@staff("sales")
@bp.arguments(LeadsChange)
@bp.response(200, InboxWorkChanged, description="Every lead changed; their states as they now stand.")
@bp.alt_response(
    409,
    schema=InboxWorkConflict,
    description="Some leads changed since their versions (or were erased): nothing was saved. The fresh"
    " state of each of those.",
)
def change_leads(change: dict[str, Any]):
    """Change the status or owner of several leads at once, all or none."""
    leads = list(dict.fromkeys((lead["id"], lead["version"]) for lead in change["leads"]))
    return _work_changed(leads, change)


@bp.post("/leads/<int:lead_id>/next-step")
@staff("sales")
@bp.arguments(NextStep)
@bp.response(200, InboxWork, description="Set (or cleared); the lead's state as it now stands.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.refuses(409, "Not the reader's lead (and the reader no admin).")
def plan_lead(step: dict[str, Any], lead_id: int):
    """Set or clear a lead's next step: its owner, or an admin."""
    lead = lead_or_404(lead_id)
    if not work.may_plan(lead, g.staff):
        abort(409, description="Only the lead's owner, or an admin, sets its next step: take the lead first.")
    text = (step.get("text") or "").strip() or None
    state = work.plan(lead_id, step["on"], text, g.staff)
    if state is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return state


@bp.post("/leads/<int:lead_id>/spam")
@staff("sales")
@bp.arguments(SpamChange)
@bp.response(
    200,
    InboxWorkChanged,
    description="Moved; the lead's state as it now stands. A lead marked not spam gets the sales team's"
    " notification it never had; one marked spam loses a notification still waiting.",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.alt_response(
    409,
    schema=InboxWorkConflict,
    description="The lead changed since that version; nothing was saved. Its fresh state.",
)
def mark_spam(change: dict[str, Any], lead_id: int):
    """Mark a lead as spam, or as not spam, on the version the page showed."""
    lead_or_404(lead_id)
    return _changed(lambda: [(lead_id, work.mark_spam(lead_id, change["version"], change["spam"], g.staff))])


@bp.get("/owners")
@staff()
@bp.response(200, InboxOwners, description="The staff, by name.")
def list_owners():
    """The staff a lead may be given to: sales and admins who can sign in, by name."""
    return {"owners": [{"id": user.id, "name": user.name} for user in work.owners()]}
