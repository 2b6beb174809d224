"""The lead's owner told that the lead answered: a message read from the sales mailbox was filed
into the lead's conversation (mailbox/reader.py). To the owner while they can sign in, else to the sales
team's addresses; what the lead wrote stays behind the sign-in. A lead that writes often is told
of in a summary that counts its answers (mailbox/notices.py)."""

import json
from dataclasses import dataclass
from email.message import EmailMessage

from ..extensions import db
from ..models.conversation import LeadMessage
from ..models.leads import Lead
from ..models.staff import StaffUser
from ..schemas import form_spec
from .staff_mail import staff_email, staff_member
from .text import one_line


@dataclass(frozen=True)
class Answered:
    outbox_id: int
    lead_id: int
    message_id: int
    name: str
    form_title: str
    owner_name: str | None  # none: the lead has nobody's name on it, and the team is told
    owner_email: str | None
    url: str
    answers: int  # more than one: a summary of the answers past the hour's notices


def answers_told(detail: str | None) -> int:
    """How many answers an outbox row's notice tells of (its detail, a summary's count)."""
    return json.loads(detail)["answers"] if detail else 1


def answered(
    outbox_id: int, lead: Lead, message: LeadMessage, inbox_url: str, detail: str | None = None
) -> Answered:
    owner = db.session.get(StaffUser, lead.owner_id) if lead.owner_id else None
    if owner is not None and owner.disabled_at is not None:
        owner = None
    return Answered(
        outbox_id,
        lead.id,
        message.id,
        str(lead.name),
        form_spec(lead.form)["title"],
        owner.name if owner else None,
        owner.email if owner else None,
        f"{inbox_url}/inbox/leads/{lead.id}",
        answers_told(detail),
    )


def answered_email(item: Answered, sender: str, team: list[str]) -> EmailMessage:
    name = one_line(item.name)
    whose = "your lead" if item.owner_email else "a lead nobody owns"
    wrote = (
        f"wrote back {item.answers} more times to the team's replies"
        if item.answers > 1
        else "wrote back to the team's reply"
    )
    body = "\n".join(
        [
            f"{name} ({item.form_title}, #{item.lead_id}), {whose}, {wrote}.",
            "",
            f"Read it and answer in the inbox: {item.url}",
            "",
        ]
    )
    to = staff_member(item.owner_name or "", item.owner_email) if item.owner_email else team
    return staff_email(
        sender, to, f"{name} answered", body, kind_id=f"answered-{item.message_id}-{item.outbox_id}"
    )
