"""The team alerted of a new lead still unanswered past the admin's response target (hours of weekday
time, working_time.py): queued by the outbox worker's housekeeping, once per lead however many
workers look (an overdue_alerts row each, which only the first can write), for the leads that came
since the target was set; sent to the sales team's addresses, unless the lead was answered first."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models.leads import Lead, OutboxMessage, as_utc
from ..models.staff import OverdueAlert, ResponseTarget
from ..schemas import form_spec
from ..working_time import working_deadline
from .staff_mail import staff_email
from .text import one_line

# A day of weekday time is at most three calendar days: no lead older than the target's hours in
# days and three more can still be within it, so the candidates are read by their time's index.
_SLACK = timedelta(days=3)


def _waiting():
    return (Lead.status == "new", Lead.first_response_at.is_(None), Lead.spam.is_(False))


def queue_overdue(now: datetime) -> int:
    """Queues the alert of each lead past the target that has none: how many were queued."""
    target = db.session.get(ResponseTarget, 1)
    if target is None:
        return 0
    hours, since = target.hours, as_utc(target.updated_at)
    # Past the target by the calendar's reckoning at least; weekday time is checked below.
    candidates = db.session.execute(
        select(Lead.id, Lead.created_at).where(
            *_waiting(),
            Lead.created_at >= since,
            Lead.created_at <= now - timedelta(hours=hours),
            ~select(OverdueAlert.lead_id).where(OverdueAlert.lead_id == Lead.id).exists(),
        )
    ).all()
    db.session.rollback()
    queued = 0
    for lead_id, created_at in candidates:
        if working_deadline(created_at, hours) > now:
            continue
        db.session.add(OverdueAlert(lead_id=lead_id, at=now))
        db.session.add(OutboxMessage(lead_id=lead_id, purpose="overdue"))
        try:
            db.session.commit()
        except IntegrityError:  # another worker alerted first, or the lead was erased
            db.session.rollback()
            continue
        queued += 1
    return queued


@dataclass(frozen=True)
class Overdue:
    outbox_id: int
    lead_id: int
    name: str
    form_title: str
    received: datetime
    hours: int
    url: str


def overdue(outbox_id: int, lead: Lead, inbox_url: str) -> Overdue | None:
    """The alert of `lead`, or None when it was answered (or the target lifted) since it was queued."""
    target = db.session.get(ResponseTarget, 1)
    if target is None or lead.status != "new" or lead.first_response_at is not None:
        return None
    url = f"{inbox_url}/inbox/leads/{lead.id}"
    title = form_spec(lead.form)["title"]
    return Overdue(outbox_id, lead.id, lead.name, title, as_utc(lead.created_at), target.hours, url)


def overdue_email(item: Overdue, sender: str, recipients: list[str]) -> EmailMessage:
    """To the sales team: which lead waits, since when, and where to answer it; what it said stays
    behind the sign-in."""
    name = one_line(item.name)
    body = "\n".join(
        [
            f"{name} ({item.form_title}, #{item.lead_id}) came in {item.received:%a %d %b %Y %H:%M} UTC",
            f"and has had no answer within the team's response target of {item.hours} working hours.",
            "",
            f"Answer it in the inbox: {item.url}",
            "",
        ]
    )
    return staff_email(
        sender,
        recipients,
        f"Unanswered past {item.hours} working hours: {name}",
        body,
        kind_id=f"overdue-{item.lead_id}-{item.outbox_id}",
    )
