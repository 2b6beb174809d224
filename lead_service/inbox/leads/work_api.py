"""The sales team's work on leads through the inbox: a lead's status and owner, one lead or several
at once, each change made on the version the page showed (409 with the fresh values when a
colleague got there first); the staff a lead may be given to; notes. Sales and admins change;
every role reads."""

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from ... import content
from ...intake.storage import json_body
from ...models.leads import LEAD_STATUSES
from ...schemas import characters
from ..auth.guard import staff
from . import work
from .filters import MAX_ID
from .leads_api import lead_or_404
from .written import written

bp = Blueprint("inbox_work", __name__, url_prefix="/api/inbox")

MAX_BULK = content.load("inbox")["limits"]["maxBulkChange"]
MAX_NOTE_LENGTH = content.load("inbox")["limits"]["maxNoteLength"]
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


class _Change(Schema):
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


class LeadChange(_Change):
    version = _version()


class LeadRef(Schema):
    id = fields.Integer(required=True, strict=True, validate=_STORED)
    version = _version()


class LeadsChange(_Change):
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


class NoteText(Schema):
    class Meta:
        unknown = EXCLUDE

    body = written("note", MAX_NOTE_LENGTH)


class InboxPerson(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


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


class InboxNoteRevision(Schema):
    body = fields.String(required=True, metadata={"description": "The text the note had."})
    replaced_at = fields.DateTime(required=True, metadata={"description": "When its author corrected it."})


class InboxNote(Schema):
    id = fields.Integer(required=True)
    author = fields.Nested(InboxPerson, required=True)
    created_at = fields.DateTime(required=True)
    edited_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "The last correction; null: none."}
    )
    body = fields.String(required=True)
    revisions = fields.List(
        fields.Nested(InboxNoteRevision),
        required=True,
        metadata={"description": "The texts each correction replaced, oldest first."},
    )
    editable = fields.Boolean(required=True, metadata={"description": "Whether the reader may edit it now."})


class InboxNotePath(Schema):
    note_id = fields.Integer(required=True)


class InboxOwners(Schema):
    owners = fields.List(fields.Nested(InboxPerson), required=True)


LEAD_CHANGE, LEADS_CHANGE, SPAM_CHANGE, NOTE_TEXT = LeadChange(), LeadsChange(), SpamChange(), NoteText()
WORK_CHANGED, WORK_CONFLICT = InboxWorkChanged(), InboxWorkConflict()
NOTE, OWNERS = InboxNote(), InboxOwners()
NEXT_STEP, WORK = NextStep(), InboxWork()
STALE = (
    "Someone changed this since you loaded it, and nothing was saved. Here is how it stands now:"
    " make your change again if it still applies."
)


def _leads(states: list[tuple[int, dict[str, Any] | None]]) -> list[dict[str, Any]]:
    return [{"id": lead_id, "work": now} for lead_id, now in states]


def _changed(make: Callable[[], list[tuple[int, dict[str, Any] | None]]]):
    """The leads' states after the change `make` makes, or, when a colleague's came first, 409 with
    theirs."""
    try:
        return WORK_CHANGED.dump({"leads": _leads(make())})
    except work.Stale as stale:
        return WORK_CONFLICT.dump({"description": STALE, "leads": _leads(stale.fresh)}), 409


def _work_changed(leads: list[tuple[int, int]], change: dict[str, Any]):
    given = {key: change[key] for key in ("status", "owner_id") if key in change}
    return _changed(lambda: work.change(leads, g.staff, **given))


@bp.post("/leads/<int:lead_id>/work")
@staff("sales")
def change_lead(lead_id: int):
    """Change a lead's status or owner, on the version the page showed.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      requestBody:
        content:
          application/json:
            schema: LeadChange
      responses:
        200:
          description: >-
            Changed; the lead's state as it now stands (its first move out of new sets its first
            response).
          content:
            application/json:
              schema: InboxWorkChanged
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
        409:
          description: >-
            The lead changed since that version (or was erased): nothing was saved. Its fresh
            state.
          content:
            application/json:
              schema: InboxWorkConflict
    """
    lead_or_404(lead_id)
    change = LEAD_CHANGE.load(json_body())
    return _work_changed([(lead_id, change["version"])], change)


@bp.post("/leads/work")
@staff("sales")
def change_leads():
    """Change the status or owner of several leads at once, all or none.
    ---
    post:
      requestBody:
        content:
          application/json:
            schema: LeadsChange
      responses:
        200:
          description: Every lead changed; their states as they now stand.
          content:
            application/json:
              schema: InboxWorkChanged
        409:
          description: >-
            Some leads changed since their versions (or were erased): nothing was saved. The fresh
            state of each of those.
          content:
            application/json:
              schema: InboxWorkConflict
    """
    change = LEADS_CHANGE.load(json_body())
    leads = list(dict.fromkeys((lead["id"], lead["version"]) for lead in change["leads"]))
    return _work_changed(leads, change)


@bp.post("/leads/<int:lead_id>/next-step")
@staff("sales")
def plan_lead(lead_id: int):
    """Set or clear a lead's next step: its owner, or an admin.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      requestBody:
        content:
          application/json:
            schema: NextStep
      responses:
        200:
          description: Set (or cleared); the lead's state as it now stands.
          content:
            application/json:
              schema: InboxWork
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
        409:
          description: Not the reader's lead (and the reader no admin).
          content: {application/json: {schema: HttpError}}
    """
    lead = lead_or_404(lead_id)
    step = NEXT_STEP.load(json_body())
    if not work.may_plan(lead, g.staff):
        abort(409, description="Only the lead's owner, or an admin, sets its next step: take the lead first.")
    text = (step.get("text") or "").strip() or None
    state = work.plan(lead_id, step["on"], text, g.staff)
    if state is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return WORK.dump(state)


@bp.post("/leads/<int:lead_id>/spam")
@staff("sales")
def mark_spam(lead_id: int):
    """Mark a lead as spam, or as not spam, on the version the page showed.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      requestBody:
        content:
          application/json:
            schema: SpamChange
      responses:
        200:
          description: >-
            Moved; the lead's state as it now stands. A lead marked not spam gets the sales
            team's notification it never had; one marked spam loses a notification still waiting.
          content:
            application/json:
              schema: InboxWorkChanged
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
        409:
          description: The lead changed since that version; nothing was saved. Its fresh state.
          content:
            application/json:
              schema: InboxWorkConflict
    """
    lead_or_404(lead_id)
    change = SPAM_CHANGE.load(json_body())
    return _changed(lambda: [(lead_id, work.mark_spam(lead_id, change["version"], change["spam"], g.staff))])


@bp.get("/owners")
@staff()
def list_owners():
    """The staff a lead may be given to: sales and admins who can sign in, by name.
    ---
    get:
      responses:
        200:
          description: The staff, by name.
          content:
            application/json:
              schema: InboxOwners
    """
    return OWNERS.dump({"owners": [{"id": user.id, "name": user.name} for user in work.owners()]})


@bp.post("/leads/<int:lead_id>/notes")
@staff("sales")
def add_note(lead_id: int):
    """Add a note to a lead.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      requestBody:
        content:
          application/json:
            schema: NoteText
      responses:
        201:
          description: Kept; the note.
          content:
            application/json:
              schema: InboxNote
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
    """
    lead_or_404(lead_id)
    body = NOTE_TEXT.load(json_body())["body"]
    note = work.add_note(lead_id, body, g.staff)
    if note is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return NOTE.dump(work.note_state(note, g.staff)), 201


@bp.post("/notes/<int:note_id>")
@staff("sales")
def edit_note(note_id: int):
    """Correct a note: its author, within 15 minutes of writing it.
    ---
    post:
      parameters:
        - in: path
          schema: InboxNotePath
      requestBody:
        content:
          application/json:
            schema: NoteText
      responses:
        200:
          description: Corrected, the text it replaced kept; the note.
          content:
            application/json:
              schema: InboxNote
        404:
          description: No such note.
          content: {application/json: {schema: HttpError}}
        409:
          description: >-
            Not the reader's note, or written more than 15 minutes ago; or corrected by another
            request at the same moment, and this correction not saved.
          content: {application/json: {schema: HttpError}}
    """
    note = work.note(note_id)
    if note is None:
        abort(404, description="There is no such note: its lead may have been erased.")
    if not work.may_edit(note, g.staff):
        abort(409, description="Only its author corrects a note, within 15 minutes of writing it.")
    body = NOTE_TEXT.load(json_body())["body"]
    if not work.edit_note(note, body, g.staff):
        abort(409, description="The note was corrected at the same moment: load it again to see it.")
    return NOTE.dump(work.note_state(note, g.staff))
