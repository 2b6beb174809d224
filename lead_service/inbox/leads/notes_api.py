"""Notes on a lead through the inbox: sales and admins add them, and correct their own within 15
minutes of writing, each text a correction replaced kept; every role reads them on the lead's page."""

from flask import abort, g
from marshmallow import EXCLUDE, Schema, fields

from ... import content
from ...intake import contract
from ..auth.guard import staff
from . import work
from .lookup import lead_or_404
from .staff_person import InboxPerson
from .written import written

bp = contract.Blueprint("inbox_notes", __name__, url_prefix="/api/inbox")

MAX_NOTE_LENGTH = content.load("inbox")["limits"]["maxNoteLength"]


class NoteText(Schema):
    class Meta:
        unknown = EXCLUDE

    body = written("note", MAX_NOTE_LENGTH)


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


@bp.post("/leads/<int:lead_id>/notes")
@staff("sales")
@bp.arguments(NoteText)
@bp.response(201, InboxNote, description="Kept; the note.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
def add_note(text: dict[str, str], lead_id: int):
    """Add a note to a lead."""
    lead_or_404(lead_id)
    note = work.add_note(lead_id, text["body"], g.staff)
    if note is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return work.note_state(note, g.staff)


@bp.post("/notes/<int:note_id>")
@staff("sales")
@bp.arguments(NoteText)
@bp.response(200, InboxNote, description="Corrected, the text it replaced kept; the note.")
@bp.refuses(404, "No such note.")
@bp.refuses(
    409,
    "Not the reader's note, or written more than 15 minutes ago; or corrected by another request at the"
    " same moment, and this correction not saved.",
)
def edit_note(text: dict[str, str], note_id: int):
    """Correct a note: its author, within 15 minutes of writing it."""
    note = work.note(note_id)
    if note is None:
        abort(404, description="There is no such note: its lead may have been erased.")
    if not work.may_edit(note, g.staff):
        abort(409, description="Only its author corrects a note, within 15 minutes of writing it.")
    if not work.edit_note(note, text["body"], g.staff):
        abort(409, description="The note was corrected at the same moment: load it again to see it.")
    return work.note_state(note, g.staff)
