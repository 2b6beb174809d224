"""What the sales team is told of a new lead: the e-mail and the webhook's JSON, both built from the
stored lead, with the form's own labels from forms.json. Also what a member of staff is told by
e-mail: a lead given to them, or an event on their own account.

Built to take any stored lead, including rows from before intake refused line breaks and controls
in one-line fields: header values are made one line, the Reply-To is left out where the address
cannot be one (the body shows it instead), non-ASCII names go out as RFC 2047 words, and what the
sales team reads shows a hidden control or direction override as a visible mark."""

import json
import re
from dataclasses import dataclass
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any

from ..export import record
from ..models.leads import as_utc
from ..schemas import FORMS, form_spec

# What intake refuses in a one-line field, and a textarea's controls plus the direction overrides.
_NOT_ONE_LINE = re.compile(FORMS["characters"]["singleLine"]["source"])
_HIDDEN_IN_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SUBJECT_MAX = 200
# An address a mail client can reply to: an ASCII local part and a domain with a dot, as SMTP
# without its UTF-8 extension carries it. A non-ASCII domain is sent in its punycode form.
_ASCII_ADDRESS = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}"
)


def valid_text(value: str) -> str:
    """Lone surrogates, which no encoding can carry, as U+FFFD."""
    return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def _mark(match: re.Match) -> str:
    return f"[U+{ord(match.group()):04X}]"


def one_line(value: str) -> str:
    """A value as one visible line: line breaks as spaces, other controls and overrides marked."""
    value = re.sub(r"\r\n|[\r\n\x85\u2028\u2029]", " ", valid_text(value))
    return _NOT_ONE_LINE.sub(_mark, value)


def visible_text(value: str) -> str:
    """A message as the sales team should read it: its line breaks kept, hidden characters marked."""
    return _HIDDEN_IN_TEXT.sub(_mark, valid_text(value))


def reply_address(address: str) -> str | None:
    """The address as a Reply-To can carry it, or None."""
    local, _, domain = address.strip().rpartition("@")
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
    except UnicodeError:
        return None
    candidate = f"{local}@{ascii_domain}"
    return candidate if local and _ASCII_ADDRESS.fullmatch(candidate) else None


@dataclass(frozen=True)
class Notice:
    """One lead, ready to be told: its record and where it came from."""

    outbox_id: int
    lead: dict[str, Any]
    page_url: str | None

    @property
    def form(self) -> dict[str, Any]:
        return form_spec(self.lead["form"])

    @property
    def who(self) -> str:
        name, company = str(self.lead.get("name") or ""), str(self.lead.get("company") or "")
        return name + (f", {company}" if company else "")

    @property
    def subject(self) -> str:
        subject = one_line(f"New {what(self.lead['form'])} from {self.who}")
        return subject if len(subject) <= _SUBJECT_MAX else subject[: _SUBJECT_MAX - 1] + "…"

    def fields(self) -> list[tuple[str, str]]:
        """Every field the visitor filled, labelled as the form labels it, in the form's order."""
        shown = {"textarea": visible_text}
        return [
            (spec["label"], shown.get(spec["type"], one_line)(str(self.lead[key])))
            for key, spec in self.form["fields"].items()
            if key != "page" and self.lead.get(key)
        ]


def what(form: str) -> str:
    """What a lead from this form is, as a sentence names it."""
    return "quote request" if form == "quote" else "contact message"


def notice(outbox_id: int, lead: Any, site_url: str) -> Notice:
    values = record(lead)
    page = values.get("page")
    return Notice(outbox_id, values, f"{site_url}{one_line(page)}" if page else None)


def _block(label: str, value: str, width: int) -> str:
    # A message's later lines line up under its first, so a long message stays readable.
    lines = value.splitlines() or [""]
    indent = "\n" + " " * (width + 2)
    return f"{label + ':':<{width + 1}} {indent.join(lines)}"


def email(item: Notice, sender: str, recipients: list[str]) -> EmailMessage:
    reply_to = reply_address(str(item.lead.get("email") or ""))
    name = one_line(str(item.lead.get("name") or ""))
    rows = [
        *item.fields(),
        ("Form", item.form["title"]),
        ("Page", one_line(item.page_url) if item.page_url else "not given"),
        ("Received", f"{datetime.fromisoformat(item.lead['created_at']):%Y-%m-%d %H:%M} UTC"),
        ("Lead", f"#{item.lead['id']}"),
    ]
    width = max(len(label) for label, _ in rows)
    closing = (
        f"Reply to this e-mail to answer {name} directly."
        if reply_to
        else "The e-mail address given above cannot take a reply from a mail program: write to it "
        "by hand, or answer by phone."
    )
    body = "\n".join(
        [
            f"A new {what(item.lead['form'])} came in through the website.",
            "",
            *(_block(label, value, width) for label, value in rows),
            "",
            closing,
            "",
        ]
    )
    message = EmailMessage()
    message["Subject"] = item.subject
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    if reply_to:
        # The display name goes out as RFC 2047 words when it is not ASCII.
        message["Reply-To"] = Address(display_name=name, addr_spec=reply_to)
    # The same id on every try, so that a mail client shows a notification sent twice once.
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<lead-{item.lead['id']}-{item.outbox_id}@{domain}>"
    # Quoted-printable keeps the message 7-bit, for a mail server without 8BITMIME too.
    message.set_content(body, cte="quoted-printable")
    return message


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
    """The owner's e-mail: the lead's name and form, and its address in the inbox. What the lead
    said stays in the inbox, behind the sign-in."""
    name = one_line(item.name)
    subject = one_line(f"A lead for you: {name}")
    message = EmailMessage()
    message["Subject"] = subject if len(subject) <= _SUBJECT_MAX else subject[: _SUBJECT_MAX - 1] + "…"
    message["From"] = sender
    message["To"] = Address(display_name=one_line(item.owner_name), addr_spec=item.owner_email)
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<assigned-{item.lead_id}-{item.outbox_id}@{domain}>"
    body = "\n".join(
        [
            f"{name} ({item.form_title}, {what(item.form)} #{item.lead_id}) is yours now.",
            "",
            f"Open it in the inbox: {item.url}",
            "",
        ]
    )
    message.set_content(body, cte="quoted-printable")
    return message


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
    """The user's e-mail: what happened to their account and when, and what to do if it was not
    them. It names nothing they did not know (no address it came from, no code, no password), and
    says that the inbox never asks for one, so that a copy sent by someone else stands out."""
    name = one_line(item.name)
    message = EmailMessage()
    message["Subject"] = f"Your inbox account: {item.subject}"
    message["From"] = sender
    message["To"] = Address(display_name=name, addr_spec=item.email)
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<security-{item.event}-{item.user_id}-{item.outbox_id}@{domain}>"
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
    message.set_content(body, cte="quoted-printable")
    return message


def webhook_body(item: Notice) -> bytes:
    """The lead as stored, as JSON: a receiver gets exactly what was sent, and decides itself how
    to show it. A lone surrogate goes as its JSON escape."""
    return json.dumps(
        {
            "event": "lead.created",
            "delivery_id": item.outbox_id,
            "subject": item.subject,
            "page_url": item.page_url,
            "lead": item.lead,
        },
        ensure_ascii=False,
    ).encode("utf-8", "backslashreplace")
