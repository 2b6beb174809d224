"""A member of staff's reply to a lead as the e-mail that carries it: from the sales mailbox under
the writer's name, to the lead's address as it was when the reply was written, in the lead's thread
(In-Reply-To names the conversation's latest message, References every earlier one), and with the
Message-ID the reply was stored with, the same on every try."""

from dataclasses import dataclass
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any

from ..models.leads import as_utc
from .text import one_line, valid_text


@dataclass(frozen=True)
class Reply:
    outbox_id: int
    sender_name: str
    to_name: str
    to_address: str
    subject: str
    body: str
    message_id: str
    in_reply_to: str | None
    references: str | None
    written_at: datetime


def reply(outbox_id: int, message: Any, author: Any, lead: Any) -> Reply:
    """The reply stored as `message` (a LeadMessage) by `author` to `lead`."""
    return Reply(
        outbox_id,
        author.name,
        str(lead.name),
        message.to_address,
        message.subject,
        message.body,
        message.message_id,
        message.in_reply_to,
        message.reference_ids,
        as_utc(message.created_at),
    )


def reply_email(item: Reply, sales_email: str) -> EmailMessage:
    """The e-mail. Every name goes out as one line (RFC 2047 words when not ASCII), so that nothing
    a lead or a member of staff is called can add a header."""
    message = EmailMessage()
    message["Subject"] = one_line(item.subject)
    message["From"] = Address(display_name=one_line(item.sender_name), addr_spec=sales_email)
    message["To"] = Address(display_name=one_line(item.to_name), addr_spec=item.to_address)
    message["Date"] = format_datetime(item.written_at)
    message["Message-ID"] = item.message_id
    if item.in_reply_to:
        message["In-Reply-To"] = item.in_reply_to
    if item.references:
        message["References"] = item.references
    # Quoted-printable keeps it 7-bit, for a mail server without 8BITMIME too.
    body = valid_text(item.body)
    message.set_content(body if body.endswith("\n") else body + "\n", cte="quoted-printable")
    return message
