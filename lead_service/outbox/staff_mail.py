"""An e-mail from the outbox to staff (from NOTIFY_EMAIL_FROM, to the sales team's addresses or to one
member of staff), whatever it tells: each kind of message says its subject, its recipients, its text
and what its Message-ID names, and every one is made into an e-mail here, the same way.

The subject goes out as one line (subject_line); a name goes out as RFC 2047 words when it is not
ASCII; the text goes quoted-printable, which keeps the message 7-bit, for a mail server without
8BITMIME too. The Message-ID is the same on every try of one outbox row, so that a mail client shows
a message sent twice once (queue.py: delivery is at least once)."""

from email.headerregistry import Address
from email.message import EmailMessage

from .text import message_id, one_line, subject_line


def staff_member(name: str, address: str) -> Address:
    """One member of staff as a recipient: their name made one line, so that it adds no header."""
    return Address(display_name=one_line(name), addr_spec=address)


def staff_email(
    sender: str,
    to: Address | list[str],
    subject: str,
    body: str,
    *,
    kind_id: str,
    reply_to: Address | None = None,
) -> EmailMessage:
    """The e-mail to one member of staff, or to each of a list of addresses (the sales team's), with
    the Message-ID `kind_id` names."""
    message = EmailMessage()
    message["Subject"] = subject_line(subject)
    message["From"] = sender
    message["To"] = to if isinstance(to, Address) else ", ".join(to)
    if reply_to:
        message["Reply-To"] = reply_to
    message["Message-ID"] = message_id(sender, kind_id)
    message.set_content(body, cte="quoted-printable")
    return message
