"""How a stored value goes into a message: one line for a header or a list's row, a textarea's text
with its line breaks kept, a subject of a bounded length, an address a Reply-To can carry, and what
a lead from each form is called.

Built to take any stored value, including rows from before intake refused line breaks and controls
in one-line fields: what the reader sees shows a hidden control or direction override as a visible
mark, and a lone surrogate, which no encoding can carry, as U+FFFD."""

import re
from email.utils import parseaddr

from ..schemas import FORMS

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


def subject_line(value: str) -> str:
    """A subject as one line, cut with an ellipsis past 200 characters: a name can be that long."""
    subject = one_line(value)
    return subject if len(subject) <= _SUBJECT_MAX else subject[: _SUBJECT_MAX - 1] + "…"


def reply_address(address: str) -> str | None:
    """The address as a Reply-To can carry it, or None."""
    local, _, domain = address.strip().rpartition("@")
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
    except UnicodeError:
        return None
    candidate = f"{local}@{ascii_domain}"
    return candidate if local and _ASCII_ADDRESS.fullmatch(candidate) else None


def what(form: str) -> str:
    """What a lead from this form is, as a sentence names it."""
    return "quote request" if form == "quote" else "contact message"


def message_id(sender: str, kind_id: str) -> str:
    """The Message-ID `kind_id` names, on the sender's own domain (localhost when it has no address):
    every message the service sends or files, to staff or from the sales address, is named here."""
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    return f"<{kind_id}@{domain}>"
