"""The Due view: the leads whose next step is due today (UTC) or overdue, the longest overdue first,
the reader's own or everyone's. Like any page of leads, each read is on the audit trail."""

from datetime import UTC, datetime

from flask import g
from marshmallow import EXCLUDE, Schema, fields, validate
from sqlalchemy import select

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import LEAD_STATUSES, Lead
from ...models.staff import StaffUser
from ...schemas import form_spec
from ..auth.guard import staff

bp = contract.Blueprint("inbox_due", __name__, url_prefix="/api/inbox")

# More than a person works through in a day: past it, the view says to narrow it to one's own.
MAX_DUE = 500


class DueQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    who = fields.String(
        load_default="mine",
        validate=validate.OneOf(["mine", "everyone"]),
        metadata={"description": "The reader's own leads (the default), or everyone's."},
    )


class InboxDueLead(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    company = fields.String(required=True, allow_none=True)
    form_title = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(LEAD_STATUSES))
    owner = fields.Nested("InboxPerson", required=True, allow_none=True)
    next_step = fields.Nested("InboxNextStep", required=True)


class InboxDue(Schema):
    today = fields.Date(required=True, metadata={"description": "The UTC day the view was read on."})
    leads = fields.List(
        fields.Nested(InboxDueLead),
        required=True,
        metadata={"description": f"Due today or before, the earliest first (at most {MAX_DUE})."},
    )
    more = fields.Boolean(required=True, metadata={"description": f"More than {MAX_DUE} are due."})


@bp.get("/due")
@staff()
@bp.arguments(DueQuery, location="query")
@bp.response(200, InboxDue, description="Due today (UTC) or overdue, spam left out.")
# A query's only 400 is its fields' errors: no body to be refused.
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid filter.")
def due(query: dict[str, str]):
    """The leads whose next step is due."""
    who = query["who"]
    today = datetime.now(UTC).date()
    statement = (
        select(Lead, StaffUser)
        .outerjoin(StaffUser, StaffUser.id == Lead.owner_id)
        .where(Lead.next_step_on <= today, Lead.spam.is_(False))
        .order_by(Lead.next_step_on, Lead.created_at, Lead.id)
        .limit(MAX_DUE + 1)
    )
    if who == "mine":
        statement = statement.where(Lead.owner_id == g.staff.id)
    rows = db.session.execute(statement).all()
    leads = [
        {
            "id": lead.id,
            "name": lead.name,
            "company": lead.company,
            "form_title": form_spec(lead.form)["title"],
            "status": lead.status,
            "owner": {"id": owner.id, "name": owner.name} if owner else None,
            "next_step": {"on": lead.next_step_on, "text": lead.next_step},
        }
        for lead, owner in rows[:MAX_DUE]
    ]
    audit.record("due_listed", g.staff.id, rows=len(leads), who=who)
    db.session.commit()
    return {"today": today, "leads": leads, "more": len(rows) > MAX_DUE}
