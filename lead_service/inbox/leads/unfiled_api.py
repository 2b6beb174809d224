"""The sales mailbox's answers that wait for a person (mailbox/filing.py): the messages set aside,
which admins read, file into a lead by hand or dismiss; and the answers filed from an address other
than the lead's, whose owner is told only once sales or an admin confirms them. Each read and each
change is on the audit trail, and a change is made once: the second of two at the same moment is
answered 409. What they take and answer is in unfiled_schemas.py."""

from datetime import UTC, datetime
from typing import Any

from flask import abort, current_app, g
from marshmallow import ValidationError
from sqlalchemy import func, select, update
from sqlalchemy.orm import aliased

from ... import audit
from ...extensions import db
from ...intake import contract
from ...mailbox import filing
from ...models.conversation import LeadMessage, SetAsideMessage
from ...models.leads import Lead, as_utc
from ...models.staff import StaffUser
from ..auth.guard import staff
from . import conversation, page
from .filters import MAX_ID
from .replies_api import InboxMessage
from .unfiled_schemas import (
    EXCERPT,
    LISTED,
    InboxUnfiled,
    InboxUnfiledFiled,
    InboxUnfiledMessage,
    UnfiledFiling,
)

bp = contract.Blueprint("inbox_unfiled", __name__, url_prefix="/api/inbox")

NO_LEAD = "There is no such lead: it may have been erased."
NO_MESSAGE = "There is no such message set aside."
NO_ANSWER = "The lead's conversation has no such answer from another address."


def _shown(row: Any) -> dict[str, Any]:
    """What the list and a message's own answer share, from a row of `_read`."""
    return {
        "id": row.id,
        "set_aside_at": as_utc(row.set_aside_at),
        "received_at": as_utc(row.received_at),
        "reason": row.reason,
        "sender": row.sender,
        "subject": row.subject,
        "attachments": row.attachments or [],
        "lead": {"id": row.lead_id, "name": row.lead_name} if row.lead_id is not None else None,
    }


def _read(*columns: Any) -> Any:
    """The set-aside messages' shown columns and `columns`, with the name of the lead each answers."""
    shown = (
        SetAsideMessage.id,
        SetAsideMessage.set_aside_at,
        SetAsideMessage.received_at,
        SetAsideMessage.reason,
        SetAsideMessage.sender,
        SetAsideMessage.subject,
        SetAsideMessage.attachments,
        SetAsideMessage.lead_id,
        Lead.name.label("lead_name"),
    )
    return select(*shown, *columns).outerjoin(Lead, Lead.id == SetAsideMessage.lead_id)


def _claimed(set_aside_id: int, now: datetime) -> SetAsideMessage:
    """The waiting message, marked resolved before anything else is done with it, so that of two
    admins at the same moment one alone goes on (the write is the transaction's first: on SQLite its
    lock is this request's, on PostgreSQL the row's, until the commit). 404 when there is no such
    message, 409 when it was filed or dismissed already."""
    if set_aside_id > MAX_ID:  # an id the column cannot hold names no message
        abort(404, description=NO_MESSAGE)
    claimed = db.session.execute(
        update(SetAsideMessage)
        .where(SetAsideMessage.id == set_aside_id, SetAsideMessage.resolved_at.is_(None))
        .values(resolved_at=now)
    ).rowcount
    row = db.session.get(SetAsideMessage, set_aside_id)
    if not claimed:
        db.session.rollback()
        if row is None:
            abort(404, description=NO_MESSAGE)
        abort(409, description=f"This message was {row.resolution} already.")
    return row


@bp.get("/unfiled")
@staff("admin")
@bp.response(
    200,
    InboxUnfiled,
    description="Each with why it was set aside, its sender, subject, the start of its text, its"
    " attachments and the lead it answers; and how many wait in all.",
)
def list_unfiled():
    """The messages of the sales mailbox that answer a lead but could not be filed, waiting for an
    admin: the most recently set aside first."""
    waiting = SetAsideMessage.resolved_at.is_(None)
    rows = db.session.execute(
        _read(func.substr(SetAsideMessage.body, 1, EXCERPT + 1).label("start"))
        .where(waiting)
        .order_by(SetAsideMessage.id.desc())
        .limit(LISTED)
    ).all()
    total = db.session.scalar(select(func.count()).select_from(SetAsideMessage).where(waiting))
    items = [
        {**_shown(row), "excerpt": row.start if len(row.start) <= EXCERPT else f"{row.start[:EXCERPT]}…"}
        for row in rows
    ]
    # What strangers wrote, often about themselves: read on the trail, as the leads are.
    audit.record("unfiled_listed", g.staff.id, rows=len(items))
    db.session.commit()
    return {"messages": items, "total": total}


@bp.get("/unfiled/<int:set_aside_id>")
@staff("admin")
@bp.response(
    200, InboxUnfiledMessage, description="The message, and whether (and by whom) it was filed or dismissed."
)
@bp.refuses(404, "No such message set aside.")
def read_unfiled(set_aside_id: int):
    """A message set aside, with all of its text that was kept."""
    if set_aside_id > MAX_ID:
        abort(404, description=NO_MESSAGE)
    resolver = aliased(StaffUser)
    row = db.session.execute(
        _read(
            SetAsideMessage.body,
            SetAsideMessage.resolution,
            SetAsideMessage.resolved_at,
            resolver.id.label("resolver_id"),
            resolver.name.label("resolver_name"),
        )
        .outerjoin(resolver, resolver.id == SetAsideMessage.resolved_by)
        .where(SetAsideMessage.id == set_aside_id)
    ).first()
    if row is None:
        abort(404, description=NO_MESSAGE)
    resolved = (
        {
            "resolution": row.resolution,
            "by": {"id": row.resolver_id, "name": row.resolver_name},
            "at": as_utc(row.resolved_at),
        }
        if row.resolution
        else None
    )
    audit.record("unfiled_viewed", g.staff.id, lead=row.lead_id, set_aside_id=row.id)
    db.session.commit()
    return {**_shown(row), "body": row.body, "resolved": resolved}


@bp.post("/unfiled/<int:set_aside_id>/file")
@staff("admin")
@bp.arguments(UnfiledFiling)
@bp.response(
    201,
    InboxUnfiledFiled,
    description="Filed, as an answer the admin vouches for: the lead's owner (or, with none, the team)"
    " is told, whatever address it came from.",
)
@bp.refuses(404, "No such message set aside, or no such lead.")
@bp.refuses(
    409,
    "It was filed or dismissed already, or nothing can be filed: the service has no sales address"
    " (SALES_EMAIL).",
)
def file_unfiled(into: dict[str, Any], set_aside_id: int):
    """File a message set aside into a lead's conversation by hand: the lead it answers, or another."""
    chosen = into.get("lead_id")
    now = datetime.now(UTC)
    row = _claimed(set_aside_id, now)
    lead_id = row.lead_id if chosen is None else chosen
    if lead_id is None:
        db.session.rollback()
        raise ValidationError(
            {"lead_id": ["Give the id of the lead to file it into: the lead it answered was erased."]}
        )
    lead = page.lead(lead_id)
    sales_email = current_app.config["SALES_EMAIL"]
    if lead is None or not sales_email:
        db.session.rollback()
        if lead is None:
            abort(404, description=NO_LEAD)
        abort(409, description="Nothing can be filed: the service has no sales address (SALES_EMAIL).")
    message = filing.file_by_hand(row, lead, g.staff.id, sales_email, now)
    db.session.commit()
    return {"message_id": message.id, "lead_id": lead.id}


@bp.post("/unfiled/<int:set_aside_id>/dismiss")
@staff("admin")
@bp.response(204, description="Dismissed.")
@bp.refuses(404, "No such message set aside.")
@bp.refuses(409, "It was filed or dismissed already.")
def dismiss_unfiled(set_aside_id: int):
    """Dismiss a message set aside: it stays in the sales mailbox as it came, and leaves this list."""
    now = datetime.now(UTC)
    filing.dismiss(_claimed(set_aside_id, now), g.staff.id, now)
    db.session.commit()
    return "", 204


@bp.post("/leads/<int:lead_id>/messages/<int:message_id>/confirm")
@staff("sales")
@bp.response(200, InboxMessage, description="Confirmed; the message as it now stands.")
@bp.refuses(404, "No such answer from another address in the lead's conversation.")
@bp.refuses(409, "Someone confirmed it already.")
def confirm_answer(lead_id: int, message_id: int):
    """Confirm that an answer sent from an address other than the lead's is the lead's: its owner
    (or, with none, the team) is told of it now."""
    if lead_id > MAX_ID or message_id > MAX_ID:  # ids the columns cannot hold name no message
        abort(404, description=NO_ANSWER)
    now = datetime.now(UTC)
    theirs = (
        (LeadMessage.id == message_id)
        & (LeadMessage.lead_id == lead_id)
        & (LeadMessage.direction == "in")
        & LeadMessage.from_other_address.is_(True)
    )
    # Written first, as a filing by hand is (_claimed): of two at the same moment, one confirms it
    # and its owner is told once.
    claimed = db.session.execute(
        update(LeadMessage)
        .where(theirs, LeadMessage.confirmed_at.is_(None))
        .values(confirmed_at=now, confirmed_by=g.staff.id)
    ).rowcount
    message = db.session.scalar(select(LeadMessage).where(theirs))
    if not claimed:
        db.session.rollback()
        if message is None:
            abort(404, description=NO_ANSWER)
        abort(409, description="Someone confirmed this answer already.")
    filing.confirm(message, g.staff.id, now)
    db.session.commit()
    return next(item for item in conversation.messages(lead_id) if item["id"] == message.id)
