"""/api/v1/leads: the leads for the team's other tools, with an API token. The list under the inbox's
own filters and cursor, one lead with its conversation and notes (leads:read); a lead's status and
owner changed, and a note added (leads:write). Each call is on the audit trail as the token."""

from typing import Any

from flask import g, request
from marshmallow import EXCLUDE, Schema, fields, validate

from ... import audit
from ...extensions import db
from ...intake import contract
from ..auth.api_tokens import token
from ..leads import page, work
from ..leads.filters import an_id
from ..leads.lead_answers import InboxLeadRow, LeadRecord, LeadRows
from ..leads.list_query import FILTER_NAMES, LeadsQuery, ListView
from ..leads.lookup import lead_or_404
from ..leads.notes_api import InboxNote, NoteText
from ..leads.record import record
from ..leads.work_api import STALE, InboxLeadWork, InboxWorkConflict, WorkChange

bp = contract.Blueprint("api_v1_leads", __name__, url_prefix="/api/v1")

MAX_PAGE = 500


class PageSize(Schema):
    class Meta:
        unknown = EXCLUDE

    limit = fields.Integer(
        load_default=100,
        validate=validate.Range(min=1, max=MAX_PAGE, error=f"Ask for 1 to {MAX_PAGE} at a time."),
        metadata={"description": f"How many a page holds (at most {MAX_PAGE})."},
    )


class V1LeadPage(Schema):
    leads = LeadRows(fields.Nested(InboxLeadRow), required=True)
    next = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The next page's cursor; null after the last."},
    )


class V1Lead(LeadRecord):
    """The lead with its work, deal, notes and conversation: what the inbox's page shows of it."""


class V1LeadChange(WorkChange):
    version = fields.Integer(
        strict=True,
        validate=an_id("Not one of this inbox's numbers."),
        metadata={
            "description": "The lead's version the change is made on (409 when it moved on); left out,"
            " the change is made on the lead as it stands."
        },
    )


@bp.get("/leads")
@token("leads:read")
@bp.arguments(LeadsQuery, location="query")
@bp.arguments(PageSize, location="query")
@bp.response(
    200, V1LeadPage, description="A page of leads, newest first (ties by id), and the next page's cursor."
)
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid filter, cursor or limit.")
def list_leads(view: ListView, size: dict[str, int]):
    """The leads under the inbox's filters and search, newest first, a page at a time."""
    filters, cursor, text = view
    answer = page.page(filters, cursor, size["limit"])
    shown = {name: request.args[name] for name in FILTER_NAMES if request.args.get(name)}
    if text:
        shown["query_length"] = len(text)
    audit.record("search" if text else "leads_listed", g.staff.id, rows=len(answer["leads"]), **shown)
    db.session.commit()
    return answer


@bp.get("/leads/<int:lead_id>")
@token("leads:read")
@bp.response(
    200,
    V1Lead,
    description="The lead, its fields under the form's labels, its work, deal, notes and conversation.",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
def get_lead(lead_id: int):
    """One lead with its conversation and notes."""
    answer = record(lead_or_404(lead_id), g.staff)
    audit.record("lead_viewed", g.staff.id, lead=lead_id)
    db.session.commit()
    return answer


@bp.patch("/leads/<int:lead_id>")
@token("leads:write")
@bp.arguments(V1LeadChange)
@bp.response(200, InboxLeadWork, description="Changed; the lead's work as it now stands.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.alt_response(
    409, schema=InboxWorkConflict, description="The lead changed since that version: nothing was saved."
)
def change_lead(change: dict[str, Any], lead_id: int):
    """Change a lead's status or owner."""
    found = lead_or_404(lead_id)
    given = {key: change[key] for key in ("status", "owner_id") if key in change}
    try:
        ((_, now),) = work.change([(lead_id, change.get("version", found.version))], g.staff, **given)
    except work.Stale as stale:
        return {"description": STALE, "leads": [{"id": i, "work": now} for i, now in stale.fresh]}, 409
    return {"id": lead_id, "work": now}


@bp.post("/leads/<int:lead_id>/notes")
@token("leads:write")
@bp.arguments(NoteText)
@bp.response(201, InboxNote, description="Kept; the note.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
def add_note(text: dict[str, str], lead_id: int):
    """Add a note to a lead, as the token's maker."""
    lead_or_404(lead_id)
    note = work.add_note(lead_id, text["body"], g.staff)
    if note is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return work.note_state(note, g.staff), 201
