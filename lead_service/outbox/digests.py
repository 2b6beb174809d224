"""Each working morning, one e-mail to each lead owner with next steps due that day or before: queued
by the outbox worker's housekeeping once the day's DUE_DIGEST_HOUR (UTC) has come, once per owner
and day however many workers run (a due_digests row each, which only the first can write), and built
when it is sent, from the next steps still due then."""

from dataclasses import dataclass
from datetime import date, datetime
from email.message import EmailMessage

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models.leads import Lead, OutboxMessage
from ..models.staff import DueDigest, StaffUser
from ..schemas import form_spec
from .staff_mail import staff_email, staff_member
from .text import one_line


def _due(today: date):
    return (Lead.next_step_on <= today, Lead.spam.is_(False))


def queue_due(now: datetime) -> int:
    """Queues today's e-mail of each owner with a next step due who has none yet, when today is a
    working day and its hour has come: how many were queued."""
    config = current_app.config
    if now.isoweekday() not in config["DUE_DIGEST_DAYS"] or now.hour < config["DUE_DIGEST_HOUR"]:
        return 0
    today = now.date()
    owners = db.session.scalars(
        select(Lead.owner_id)
        .join(StaffUser, StaffUser.id == Lead.owner_id)
        .where(*_due(today), StaffUser.disabled_at.is_(None))
        .distinct()
    ).all()
    db.session.rollback()
    queued = 0
    for owner_id in owners:
        db.session.add(DueDigest(user_id=owner_id, day=today))
        db.session.add(OutboxMessage(purpose="due", recipient_id=owner_id, event=today.isoformat()))
        try:
            db.session.commit()
        except IntegrityError:  # another worker queued it first
            db.session.rollback()
            continue
        queued += 1
    return queued


@dataclass(frozen=True)
class DueStep:
    lead_id: int
    name: str
    form_title: str
    on: date
    text: str


@dataclass(frozen=True)
class Digest:
    outbox_id: int
    day: date
    name: str
    email: str
    steps: list[DueStep]
    inbox_url: str


def digest(outbox_id: int, day: str, user: StaffUser, inbox_url: str) -> Digest | None:
    """The e-mail of `day` to `user` of what is due as it now stands; None when nothing is due any
    more (each next step done or moved since)."""
    today = date.fromisoformat(day)
    leads = db.session.scalars(
        select(Lead).where(*_due(today), Lead.owner_id == user.id).order_by(Lead.next_step_on, Lead.id)
    ).all()
    steps = [
        DueStep(lead.id, lead.name, form_spec(lead.form)["title"], lead.next_step_on, lead.next_step or "")
        for lead in leads
    ]
    return Digest(outbox_id, today, user.name, user.email, steps, inbox_url) if steps else None


def digest_email(item: Digest, sender: str) -> EmailMessage:
    """Each next step on a line of its own, with the lead's name and address in the inbox; what the
    leads said stays behind the sign-in."""
    count = len(item.steps)
    lines = [f"Good morning {one_line(item.name)},", "", "These next steps of your leads are due:", ""]
    for step in item.steps:
        overdue = " (overdue)" if step.on < item.day else ""
        lead = f"{one_line(step.name)} ({step.form_title})"
        lines += [
            f"- {one_line(step.text)}: {lead}, due {step.on:%a %d %b}{overdue}",
            f"  {item.inbox_url}/inbox/leads/{step.lead_id}",
        ]
    lines += ["", f"Every one in the inbox: {item.inbox_url}/inbox/due", ""]
    return staff_email(
        sender,
        staff_member(item.name, item.email),
        f"Due today: {count} next step{'s' if count != 1 else ''}",
        "\n".join(lines),
        kind_id=f"due-{item.day.isoformat()}-{item.outbox_id}",
    )
