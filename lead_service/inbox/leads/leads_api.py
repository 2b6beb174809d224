"""The leads as the inbox reads them: the list with its filters, search and counts, a lead's detail,
and a notification sent again. Every staff role reads; sales and admins retry."""

from flask import abort, g, request
from sqlalchemy import func, select

from ... import audit, retention
from ...extensions import db
from ...intake import contract
from ...models.leads import Lead, LeadAddress
from ...outbox import queue
from ..auth.guard import staff
from . import conversation, page, person
from .alongside import alongside
from .counts import counts
from .filters import MAX_ID
from .lead_answers import InboxLead, InboxLeadMoved, InboxLeadPage, InboxRetried
from .list_query import FILTER_NAMES, LeadsQuery, ListView
from .lookup import lead_or_404
from .notification import notification_state
from .record import record

bp = contract.Blueprint("inbox_leads", __name__, url_prefix="/api/inbox")

# The lead tables before migration 0020, as the inbox's old addresses name them.
OLD_KINDS = ("contact", "quote")


@bp.get("/leads")
@staff()
@bp.arguments(LeadsQuery, location="query")
@bp.response(
    200,
    InboxLeadPage,
    description="A page of leads, newest first (ties by id), each with the fields the list shows,"
    " whether its notification went out by e-mail, and, when searching, `highlight`: each field a"
    " term was found in, as text segments (`match` true where found; a message or project only"
    " around its first match); `next`, the cursor of the next page (null after the last); `counts`,"
    " the leads of each form under every filter but the form (on the first page only: null with a"
    ' cursor; counted up to 10,001, shown as "10,000+"; with a search, up to 101, shown as "100+").',
)
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid filter or cursor.")
def list_leads(view: ListView):
    """The leads of every form, newest first, a page (inbox.json's pageSize) at a time, with the
    counts per form."""
    filters, cursor, text = view
    # The tabs' counts, with the first page only: they do not change with the page, and cost about
    # as much as it, so they are read at the same time.
    counted = alongside(lambda: counts(filters)) if cursor is None else None
    answer = page.page(filters, cursor)
    answer["counts"] = counted.result() if counted else None
    answer["newest_id"] = db.session.scalar(select(func.max(Lead.id))) or 0
    # Every page read is on the trail, with its view and how many leads it showed; of a search, the
    # length only: what staff look for says what they know of someone.
    shown = {name: request.args[name] for name in FILTER_NAMES if request.args.get(name)}
    if text:
        shown["query_length"] = len(text)
    audit.record("search" if text else "leads_listed", g.staff.id, rows=len(answer["leads"]), **shown)
    db.session.commit()
    return answer


@bp.route(
    "/leads/moved/<kind>/<int:old_id>",
    methods=["GET"],
    parameters=[
        {
            "in": "path",
            "name": "kind",
            "description": "The lead's table before every lead was in one.",
            "schema": {"type": "string", "enum": list(OLD_KINDS)},
        },
        {
            "in": "path",
            "name": "old_id",
            "description": "Its id in that table.",
            "schema": {"type": "integer"},
        },
    ],
)
@staff()
@bp.response(
    200, InboxLeadMoved, description="The lead's id now, for its old address /inbox/leads/<kind>/<old_id>."
)
@bp.refuses(404, "No lead had that address, or it was erased since.")
def lead_moved(kind: str, old_id: int):
    """Where a lead's address from before every lead was in one table leads now."""
    old = (kind, old_id) if kind in OLD_KINDS and old_id <= MAX_ID else None
    moved = db.session.get(LeadAddress, old) if old else None
    if moved is None:
        abort(404, description="There is no such lead: it may have been erased.")
    return {"id": moved.lead_id}


@bp.get("/leads/<int:lead_id>")
@staff()
@bp.response(
    200,
    InboxLead,
    description="The lead, its fields in the form's order under the form's labels, and its notification"
    " (null for spam, which nobody is told of) with each channel's state.",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
def lead_detail(lead_id: int):
    """A lead: every field under its form's label, where and when it came, its notification, notes and
    conversation."""
    found = lead_or_404(lead_id)
    answer = record(found, g.staff) | {
        "notification": notification_state(page.notification(lead_id)),
        "replies_off": conversation.replies_off(found),
        "person": person.person(found),
        "purge_after": retention.purge_after(found.created_at),
    }
    audit.record("lead_viewed", g.staff.id, lead=lead_id)
    db.session.commit()
    return answer


@bp.post("/leads/<int:lead_id>/retry")
@staff("sales")
@bp.response(200, InboxRetried, description="Queued again; the notification as it now stands.")
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.refuses(409, "The notification was delivered, or the lead has none (spam).")
def retry_notification(lead_id: int):
    """Send a lead's notification again, from a first try."""
    lead_or_404(lead_id)
    # Written first: on SQLite the write lock is then this request's, so no worker can deliver the
    # notification between the look at its status below and the re-queue (on PostgreSQL, its row
    # is locked). Rolled back with the rest when there is nothing to retry.
    audit.record("notification_retried", g.staff.id, lead=lead_id)
    db.session.flush()
    row = page.notification(lead_id, lock=True)
    if row is None or row.status == "delivered":
        db.session.rollback()
        what = "was delivered" if row is not None else "does not exist: nobody is told of spam"
        abort(409, description=f"The lead's notification {what}.")
    queue.requeue([row.id])  # commits, the audit event with it
    return {"notification": notification_state(page.notification(lead_id))}
