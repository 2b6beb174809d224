"""The person behind a lead: the leads sent with the same address (case-folded, as erasure finds a
person), and what the team kept on them, so that someone who wrote three times is one person on
each of their leads' pages, not three strangers."""

from typing import Any

from sqlalchemy import select

from ...extensions import db
from ...models.conversation import LeadMessage
from ...models.leads import Lead, as_utc
from ...models.staff import LeadNote, StaffUser
from ...schemas import form_spec

# A person's history on a lead's page, their latest events: anyone who wrote more has a long
# record already, and the page stays quick to read and to load.
HISTORY_KEPT = 100


def _author(user: StaffUser | None) -> dict[str, Any] | None:
    return {"id": user.id, "name": user.name} if user else None


def _kind(row: LeadNote | LeadMessage) -> str:
    if isinstance(row, LeadNote):
        return "note"
    return "reply" if row.direction == "out" else "answer"


def person(lead: Lead) -> dict[str, Any]:
    """The other leads sent with the lead's address, oldest first, and the history of them all:
    each arrival, note, reply and answer, in time order (the latest HISTORY_KEPT)."""
    others = db.session.scalars(
        select(Lead)
        .where(Lead.email_folded == lead.email_folded, Lead.id != lead.id)
        .order_by(Lead.created_at, Lead.id)
    ).all()
    ids = [other.id for other in others]
    events = [
        {"at": as_utc(other.created_at), "lead_id": other.id, "kind": "lead", "author": None, "text": None}
        for other in others
    ]
    for model in (LeadNote, LeadMessage):
        kept = db.session.execute(
            select(model, StaffUser)
            .outerjoin(StaffUser, StaffUser.id == model.author_id)
            .where(model.lead_id.in_(ids))
        ).all()
        events += [
            {
                "at": as_utc(row.created_at),
                "lead_id": row.lead_id,
                "kind": _kind(row),
                "author": _author(author),
                "text": row.body,
            }
            for row, author in kept
        ]
    events.sort(key=lambda event: (event["at"], event["kind"] != "lead"))
    return {
        "leads": [
            {
                "id": other.id,
                "form_title": form_spec(other.form)["title"],
                "received": as_utc(other.created_at),
                "status": other.status,
                "spam": other.spam,
            }
            for other in others
        ],
        "history": events[-HISTORY_KEPT:],
    }
