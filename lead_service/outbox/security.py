"""A member of staff told by e-mail of an event on their own account (queued by
inbox/auth/security_mail.py): what happened and when, and what to do if it was not them. It names
nothing they did not know (no address it came from, no code, no password), and says that the inbox
never asks for one, so that a copy sent by someone else stands out."""

import json
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from typing import Any

from ..models.leads import as_utc
from .staff_mail import staff_email, staff_member
from .text import one_line

# Each event on a staff account its user is told of: the subject's end, and what happened. The
# facts it names are those its notice was queued with (security_mail.notify).
SECURITY_EVENTS = {
    "account_locked": (
        "sign-ins held back",
        "{failures} wrong passwords were typed for your account within a few minutes, from browsers "
        "that have never signed in to it, so that further tries from such browsers now wait longer "
        "after each wrong one. A browser you have signed in with before is not held back: you can "
        "still sign in from it as usual.",
    ),
    "second_factor_locked": (
        "authenticator codes locked",
        "{tries} wrong codes in a row were typed at the second step of a sign-in to your account, "
        "after its right password, so that codes from your authenticator app are no longer taken. "
        "To sign in, use one of your recovery codes, or ask an admin to let you set the app up again.",
    ),
    "password_changed": (
        "password changed",
        "The password of your account was changed on the inbox's account page, and every other "
        "browser signed in to it was signed out.",
    ),
    "password_reset": (
        "password reset",
        "An admin made your account a new invitation link: the password it had no longer works, and "
        "every browser signed in to it was signed out. Choose a new password at the link they give you.",
    ),
    "enrolled": (
        "new authenticator app",
        "An authenticator app was set up for your account: from now on its codes sign you in, or "
        "the recovery codes shown when it was set up.",
    ),
    "recovery_code_used": (
        "recovery code used",
        "One of your recovery codes was used to sign in to your account, in place of a code from "
        "your authenticator app. Each works once: {codes_left} of them are left.",
    ),
    "two_factor_reset": (
        "authenticator app reset",
        "An admin removed your account's authenticator app and recovery codes, and every browser "
        "signed in to it was signed out: you set an app up again at your next sign-in.",
    ),
}


@dataclass(frozen=True)
class SecurityNotice:
    """An event on a member of staff's own account, ready to be told to them."""

    outbox_id: int
    event: str
    subject: str
    text: str
    at: datetime
    user_id: int
    name: str
    email: str
    url: str


def security_notice(
    outbox_id: int, event: str, *, detail: str | None, at: datetime, user: Any, inbox_url: str
) -> SecurityNotice:
    """The notice of a stored event; a KeyError for an event or a fact it does not know."""
    subject, text = SECURITY_EVENTS[event]
    facts = {key: one_line(str(value)) for key, value in json.loads(detail or "{}").items()}
    return SecurityNotice(
        outbox_id,
        event,
        subject,
        text.format_map(facts),
        as_utc(at),
        user.id,
        user.name,
        user.email,
        f"{inbox_url}/inbox",
    )


def security_email(item: SecurityNotice, sender: str) -> EmailMessage:
    name = one_line(item.name)
    body = "\n".join(
        [
            f"Hello {name},",
            "",
            item.text,
            "",
            f"When: {item.at:%Y-%m-%d %H:%M} UTC",
            "",
            "If this was not you, or not at your request, tell an admin at once.",
            "",
            f"The inbox: {item.url}",
            "",
            "This e-mail goes to you alone, about your own account. The inbox never asks for your "
            "password or a code by e-mail.",
            "",
        ]
    )
    return staff_email(
        sender,
        staff_member(item.name, item.email),
        f"Your inbox account: {item.subject}",
        body,
        kind_id=f"security-{item.event}-{item.user_id}-{item.outbox_id}",
    )
