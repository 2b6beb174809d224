"""A member of staff told by e-mail that a lead was given to them: its name and form, and its address
in the inbox. What the lead said stays in the inbox, behind the sign-in."""

from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from ..schemas import form_spec
from .staff_mail import staff_email, staff_member
from .text import one_line, what


@dataclass(frozen=True)
class Assignment:
    """A lead given to a member of staff: what their e-mail says of it, and where to open it."""

    outbox_id: int
    lead_id: int
    form: str
    name: str
    form_title: str
    owner_name: str
    owner_email: str
    url: str


def assignment(outbox_id: int, lead: Any, owner: Any, inbox_url: str) -> Assignment:
    title = form_spec(lead.form)["title"]
    url = f"{inbox_url}/inbox/leads/{lead.id}"
    return Assignment(outbox_id, lead.id, lead.form, str(lead.name), title, owner.name, owner.email, url)


def assignment_email(item: Assignment, sender: str) -> EmailMessage:
    name = one_line(item.name)
    body = "\n".join(
        [
            f"{name} ({item.form_title}, {what(item.form)} #{item.lead_id}) is yours now.",
            "",
            f"Open it in the inbox: {item.url}",
            "",
        ]
    )
    return staff_email(
        sender,
        staff_member(item.owner_name, item.owner_email),
        f"A lead for you: {name}",
        body,
        kind_id=f"assigned-{item.lead_id}-{item.outbox_id}",
    )
