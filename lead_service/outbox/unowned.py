"""The team alerted of a new lead nobody was given: at once when the assignment rules placed it with
nobody, or, with the admins' setting, when it has waited that many minutes with no owner. Once per
lead either way, however many workers look (an unowned_alerts row each, which only the first can
write); sent to the sales team's addresses, unless someone was given the lead first."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models.assignment import UnownedAlert, UnownedAlertSetting
from ..models.leads import Lead, OutboxMessage, as_utc
from ..schemas import form_spec
from .staff_mail import staff_email
from .text import one_line

REASONS = ("unplaced", "waiting")


def alert(lead_id: int, reason: str) -> None:
    """Adds the alert of a lead nobody was given to the session, unless it had one: committed with
    what found it so."""
    if db.session.get(UnownedAlert, lead_id) is None:
        db.session.add(UnownedAlert(lead_id=lead_id, reason=reason))
        db.session.add(OutboxMessage(lead_id=lead_id, purpose="unowned", event=reason))


def queue_waiting(now: datetime) -> int:
    """Queues the alert of each lead that came since the setting and has waited past it with no
    owner and no alert: how many were queued."""
    setting = db.session.get(UnownedAlertSetting, 1)
    if setting is None:
        return 0
    waited = timedelta(minutes=setting.minutes)
    candidates = db.session.scalars(
        select(Lead.id).where(
            Lead.owner_id.is_(None),
            Lead.spam.is_(False),
            Lead.status == "new",
            Lead.created_at >= as_utc(setting.updated_at) - waited,
            Lead.created_at <= now - waited,
            ~select(UnownedAlert.lead_id).where(UnownedAlert.lead_id == Lead.id).exists(),
        )
    ).all()
    db.session.rollback()
    queued = 0
    for lead_id in candidates:
        db.session.add(UnownedAlert(lead_id=lead_id, reason="waiting", at=now))
        db.session.add(OutboxMessage(lead_id=lead_id, purpose="unowned", event="waiting"))
        try:
            db.session.commit()
        except IntegrityError:  # another worker alerted first, or the lead was erased
            db.session.rollback()
            continue
        queued += 1
    return queued


@dataclass(frozen=True)
class Unowned:
    outbox_id: int
    lead_id: int
    name: str
    form_title: str
    received: datetime
    reason: str  # one of REASONS
    minutes: int | None  # the setting's, for a lead that waited
    url: str


def unowned(outbox_id: int, lead: Lead, reason: str, inbox_url: str) -> Unowned | None:
    """The alert of `lead`, or None when someone was given it since it was queued."""
    if lead.owner_id is not None:
        return None
    setting = db.session.get(UnownedAlertSetting, 1)
    minutes = setting.minutes if setting else None
    title = form_spec(lead.form)["title"]
    url = f"{inbox_url}/inbox/leads/{lead.id}"
    return Unowned(outbox_id, lead.id, lead.name, title, as_utc(lead.created_at), reason, minutes, url)


def unowned_email(item: Unowned, sender: str, recipients: list[str]) -> EmailMessage:
    """To the sales team: which lead has nobody, why, and where to take it; what it said stays
    behind the sign-in."""
    name = one_line(item.name)
    why = (
        "No assignment rule gave it to anyone: none matched it, or everyone it names is away or full."
        if item.reason == "unplaced"
        else f"It has waited {item.minutes or 'the set'} minutes with nobody's name on it."
    )
    body = "\n".join(
        [
            f"{name} ({item.form_title}, #{item.lead_id}) came in {item.received:%a %d %b %Y %H:%M} UTC.",
            why,
            "",
            f"Take it, or give it to someone, in the inbox: {item.url}",
            "",
        ]
    )
    return staff_email(
        sender,
        recipients,
        f"Nobody has this lead: {name}",
        body,
        kind_id=f"unowned-{item.lead_id}-{item.outbox_id}",
    )
