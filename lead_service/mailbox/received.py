"""An e-mail read from the sales mailbox, as a lead's conversation keeps it: the ids of the messages
it answers (by which it is filed), its sender, subject and plain text (an HTML-only e-mail's text,
without its markup, scripts or styles), and its attachments by name and size. Whatever a message
holds becomes plain text here: the inbox shows it as text, never as markup."""

import re
from dataclasses import dataclass
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

from bs4 import BeautifulSoup

# What is kept of a message: a long thread's quoted history is the earlier messages', which the
# conversation holds already, and a pasted log is not read past this.
MAX_BODY = 50_000
MAX_SUBJECT = 300
MAX_ATTACHMENTS = 50
MAX_NAME = 200
# An e-mail's In-Reply-To and References, each id read from them: a long thread's References are
# cut to fewer by mail clients, and no genuine one names more than this.
MAX_THREAD_IDS = 100
UNREADABLE = "(This message could not be read here: it is in the sales mailbox as it came.)"

_MESSAGE_ID = re.compile(rb"<[^<>\s]{1,250}>")
# Control characters but line breaks and tabs, and the Unicode line separators a text area would
# draw as breaks: dropped, so that the text shows as it reads.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
# The marks that reorder what follows them: in a one-line value (a file's name, a subject) they
# would show "invoice\u202efdp.exe" as "invoiceexe.pdf".
_REORDERING = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
# An HTML e-mail's paragraphs as a blank line apart, its other blocks as a line each.
_PARAGRAPHS = ("p", "blockquote", "pre", "table", "h1", "h2", "h3", "h4", "h5", "h6")
_LINES = ("div", "li", "tr")
_PARSER = BytesParser(policy=policy.default)


@dataclass(frozen=True)
class Received:
    message_id: str | None
    in_reply_to: str | None
    references: str | None
    from_address: str
    subject: str
    body: str
    attachments: list[dict[str, Any]]


def header_section(raw: bytes) -> bytes:
    """An e-mail's header section."""
    return raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]


def _header(head: bytes, name: bytes) -> bytes:
    """Every value of the header `name` in a header section, unfolded, one after another."""
    pattern = rb"(?im)^" + re.escape(name) + rb":[ \t]*(.*(?:\r?\n[ \t].*)*)"
    return b" ".join(re.findall(pattern, head))


def thread_ids(head: bytes) -> list[str]:
    """The message ids an e-mail's In-Reply-To and References name, latest first (the one it
    answers, then its References from the newest back), each once."""
    ids = _MESSAGE_ID.findall(_header(head, b"in-reply-to"))
    ids += reversed(_MESSAGE_ID.findall(_header(head, b"references")))
    found: list[str] = []
    for raw in ids:
        value = raw.decode("ascii", "replace")
        if value not in found:
            found.append(value)
    return found[:MAX_THREAD_IDS]


def _clean(text: str, limit: int) -> str:
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_line(text: str, limit: int) -> str:
    return _clean(_REORDERING.sub("", re.sub(r"\s+", " ", text)), limit)


def html_text(markup: str) -> str:
    """What an HTML e-mail says, as text: its scripts, styles and head dropped, a line break for
    each <br> and after each block, a blank line after each paragraph."""
    soup = BeautifulSoup(markup, "html.parser")
    for gone in soup(["script", "style", "head", "title", "template"]):
        gone.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for block in soup.find_all(_LINES):
        block.append("\n")
    for block in soup.find_all(_PARAGRAPHS):
        block.append("\n\n")
    return soup.get_text()


def _content(part: EmailMessage) -> str:
    try:
        return part.get_content()
    except (LookupError, UnicodeError):  # a charset Python does not know, or bytes not in it
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", "replace")


def _body(message: EmailMessage) -> tuple[str, EmailMessage | None]:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return "", None
    text = _content(part)
    if part.get_content_subtype() == "html":
        text = html_text(text)
    return _clean(text, MAX_BODY), part


def _attachments(message: EmailMessage, body: EmailMessage | None) -> list[dict[str, Any]]:
    """Every part but the body's that is a file: named, or given as an attachment."""
    listed = []
    for part in message.walk():
        if part is body or part.is_multipart():
            continue
        name = part.get_filename()
        if name is None and part.get_content_disposition() != "attachment":
            continue
        payload = part.get_payload(decode=True) or b""
        listed.append({"name": _one_line(name or "(unnamed)", MAX_NAME) or "(unnamed)", "size": len(payload)})
    return listed[:MAX_ATTACHMENTS]


def _sender(message: EmailMessage) -> str:
    addresses: tuple[Address, ...] = getattr(message["From"], "addresses", ())
    return _one_line(addresses[0].addr_spec, 320) if addresses else ""


def parse(raw: bytes) -> Received:
    """The message as the conversation keeps it. An e-mail the parser cannot take apart keeps its
    thread ids and says it could not be read, so that it is still filed and its owner told."""
    section = header_section(raw)
    ids = thread_ids(section)
    own = _MESSAGE_ID.search(_header(section, b"message-id"))
    message_id = own.group().decode("ascii", "replace") if own else None
    in_reply_to = ids[0] if ids else None
    references = " ".join(reversed(ids)) or None
    try:
        message = _PARSER.parsebytes(raw)
        body, part = _body(message)
        return Received(
            message_id,
            in_reply_to,
            references,
            _sender(message),
            _one_line(str(message["Subject"] or ""), MAX_SUBJECT),
            body,
            _attachments(message, part),
        )
    except Exception:  # the standard library's parser has its own bugs on hostile input
        return Received(message_id, in_reply_to, references, "", "", UNREADABLE, [])
