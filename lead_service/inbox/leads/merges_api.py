"""People merged across addresses from a lead's page: the people who may be the lead's (every role
reads them), a merge with another lead's person, and a merge undone (sales and admins)."""

from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import utc_or_none
from ..auth.guard import staff
from . import merges, page, person
from .filters import MAX_ID, an_id
from .lead_answers import InboxLeadPerson
from .lookup import lead_or_404
from .staff_person import InboxPerson

bp = contract.Blueprint("inbox_merges", __name__, url_prefix="/api/inbox")


class PersonMergeRequest(Schema):
    class Meta:
        unknown = EXCLUDE

    lead_id = fields.Integer(
        required=True,
        strict=True,
        validate=an_id("Give a lead's number, as the inbox shows it."),
        error_messages={
            "required": "Give the number of a lead of the other person.",
            "null": "Give the number of a lead of the other person.",
            "invalid": "Give a lead's number, as the inbox shows it.",
        },
        metadata={"description": "A lead of the other person, whose every address joins this lead's person."},
    )


class InboxPersonMerge(Schema):
    id = fields.Integer(required=True)
    merged_at = fields.DateTime(required=True)
    merged_by = fields.Nested(InboxPerson, required=True)
    addresses = fields.List(
        fields.String(), required=True, metadata={"description": "The addresses it joined, case-folded."}
    )


class InboxPersonMergeUndone(Schema):
    id = fields.Integer(required=True)
    undone_at = fields.DateTime(required=True)


class InboxSuggestion(Schema):
    lead_id = fields.Integer(required=True, metadata={"description": "Their newest lead found."})
    name = fields.String(required=True)
    company = fields.String(required=True, allow_none=True)
    email = fields.String(required=True)
    why = fields.List(
        fields.String(validate=validate.OneOf(("phone", "name_and_company"))),
        required=True,
        metadata={"description": "What they share with the lead's person: the phone, the name and company."},
    )


class InboxSuggestions(Schema):
    suggestions = fields.List(
        fields.Nested(InboxSuggestion),
        required=True,
        metadata={"description": f"The latest first, {merges.SUGGESTED} at most."},
    )


@bp.get("/leads/<int:lead_id>/person/suggestions")
@staff()
@bp.response(
    200,
    InboxSuggestions,
    description="Other people (spam left out) with the phone in E.164, or the name and company (any capitals"
    " or spaces), of one of the person's leads: each by their newest lead found.",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
def person_suggestions(lead_id: int):
    """Who may be the same person as the lead's."""
    found = merges.suggestions(lead_or_404(lead_id))
    # Like a page of the list, what it showed is on the trail.
    audit.record("duplicates_listed", g.staff.id, lead=lead_id, rows=len(found))
    db.session.commit()
    return {"suggestions": found}


def _refused(step) -> Any:
    try:
        return step()
    except merges.MergeRefused as refused:
        abort(409, description=str(refused))


@bp.post("/leads/<int:lead_id>/person/merge")
@staff("sales")
@bp.arguments(PersonMergeRequest)
@bp.response(200, InboxLeadPerson, description="Merged; the lead's person as it now stands.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.refuses(409, "The two leads are one person's already, or one of them was erased meanwhile.")
def merge_person(given: dict[str, int], lead_id: int):
    """Merge the person of another lead into this lead's: every address of theirs, and so every lead,
    note, message and next step, is then this person's."""
    found = lead_or_404(lead_id)
    other = page.lead(given["lead_id"])
    if other is None:
        raise ValidationError({"lead_id": ["There is no such lead: it may have been erased."]})
    _refused(lambda: merges.merge(found, other, g.staff))
    return person.person(found)


@bp.post("/person-merges/<int:merge_id>/undo")
@staff("sales")
@bp.response(200, InboxPersonMergeUndone, description="Undone: the addresses it joined are where they were.")
@bp.refuses(404, "No such merge.")
@bp.refuses(409, "Undone already, its addresses erased, or a later merge moved them on (undo that first).")
def undo_merge(merge_id: int):
    """Undo a merge: every address it moved goes back to the person it was before."""
    undone = _refused(lambda: merges.undo(merge_id, g.staff)) if merge_id <= MAX_ID else None
    if undone is None:
        abort(404, description="There is no such merge.")
    return {"id": undone.id, "undone_at": utc_or_none(undone.undone_at)}
