"""The person behind a lead: the leads sent with the same address (case-folded, as erasure finds a
person) or any address staff merged with it, and what the team kept on them, so that someone who
wrote three times, from work and from home, is one person on each of their leads' pages, not three
strangers."""

from typing import Any

from sqlalchemy import func, select

from ...extensions import db
from ...models.conversation import LeadMessage
from ...models.leads import Lead, as_utc
from ...models.people import addresses_of, person_of
from ...models.staff import LeadNote, StaffUser
from ...schemas import form_spec
from .merges import person_merges

# A person's history on a lead's page, their latest events: anyone who wrote more has a long
# record already, and the page stays quick to read and to load.
HISTORY_KEPT = 100
# Their other leads listed on it, the latest: the count says how many more there are.
LEADS_SHOWN = 50


def _author(user: StaffUser | None) -> dict[str, Any] | None:
    return {"id": user.id, "name": user.name} if user else None


def _kind(row: LeadNote | LeadMessage) -> str:
    if isinstance(row, LeadNote):
        return "note"
    return "reply" if row.direction == "out" else "answer"


def _next_step(lead: Any) -> dict[str, Any] | None:
    return {"on": lead.next_step_on, "text": lead.next_step} if lead.next_step_on else None


def person(lead: Lead) -> dict[str, Any]:
    """The person's addresses, the merges that joined them, how many other leads they sent with any
    of them and the latest LEADS_SHOWN of those, oldest first, and the history of them all: each
    arrival, note, reply and answer, in time order (the latest HISTORY_KEPT)."""
    addresses = addresses_of(lead.email_folded)
    theirs = (Lead.email_folded.in_(addresses), Lead.id != lead.id)
    # The latest HISTORY_KEPT arrivals hold those among the latest HISTORY_KEPT events; of the
    # leads, only what the page shows is read.
    latest = db.session.execute(
        select(
            Lead.id,
            Lead.email,
            Lead.form,
            Lead.created_at,
            Lead.status,
            Lead.spam,
            Lead.next_step_on,
            Lead.next_step,
        )
        .where(*theirs)
        .order_by(Lead.created_at.desc(), Lead.id.desc())
        .limit(HISTORY_KEPT)
    ).all()[::-1]
    # Found again in the database, not named: hundreds of ids would be hundreds of parameters.
    ids = select(Lead.id).where(*theirs)
    events = [
        {"at": as_utc(other.created_at), "lead_id": other.id, "kind": "lead", "author": None, "text": None}
        for other in latest
    ]
    for model in (LeadNote, LeadMessage):
        # The latest HISTORY_KEPT of each kind hold the latest HISTORY_KEPT of all: someone who
        # wrote 400 times has more than a thousand messages, whose bodies cost more than the page.
        kept = db.session.execute(
            select(model, StaffUser)
            .outerjoin(StaffUser, StaffUser.id == model.author_id)
            .where(model.lead_id.in_(ids))
            .order_by(model.created_at.desc(), model.id.desc())
            .limit(HISTORY_KEPT)
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
    # Counted again only when there may be more than were read.
    count = len(latest)
    if count == HISTORY_KEPT:
        count = db.session.scalar(select(func.count()).select_from(Lead).where(*theirs))
    return {
        "addresses": addresses,
        "merges": person_merges(person_of(lead.email_folded)),
        "lead_count": count,
        "leads": [
            {
                "id": other.id,
                "email": other.email,
                "form_title": form_spec(other.form)["title"],
                "received": as_utc(other.created_at),
                "status": other.status,
                "spam": other.spam,
                "next_step": _next_step(other),
            }
            for other in latest[-LEADS_SHOWN:]
        ],
        "history": events[-HISTORY_KEPT:],
    }
