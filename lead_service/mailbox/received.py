"""An e-mail read from the sales mailbox, as a lead's conversation keeps it: the ids of the messages
it answers (by which it is filed), its sender, subject and plain text (an HTML-only e-mail's text,
without its markup, scripts or styles), and its attachments by name and size. Whatever a message
holds becomes plain text here: the inbox shows it as text, never as markup.

Anyone can write to the mailbox, so a message is read within bounds set before any work: a header
section of MAX_HEAD bytes, MAX_PARTS parts nested MAX_DEPTH deep, a text of MAX_TEXT bytes and a few
times MAX_BODY characters of it, each scan of it linear. Python's e-mail parser does not read whole
messages here: it keeps every line in memory (350 MB for 10 MB of short lines), recurses into nested
parts (15 s, then RecursionError, for 2,000 levels) and takes seconds over 10,000 parts. A message
that cannot be filed says why in its `problem`, and keeps what could be read of it, for staff to
file by hand."""

import binascii
import codecs
import re
from dataclasses import dataclass
from email import policy, utils
from email.errors import MessageError
from html.parser import HTMLParser
from itertools import chain
from typing import Any, NamedTuple

# What is kept of a message: a long thread's quoted history is the earlier messages', which the
# conversation holds already, and a pasted log is not read past this.
MAX_BODY = 50_000
MAX_SUBJECT = 300
MAX_ATTACHMENTS = 50
MAX_NAME = 200
# An e-mail's In-Reply-To and References, each id read from them: a long thread's References are
# cut to fewer by mail clients, and no genuine one names more than this.
MAX_THREAD_IDS = 100
# What is read of a message at all. A long thread's header section is a few kB to tens of kB (its
# References, Received lines, DKIM and ARC seals); an Outlook thread's HTML is rarely above 1 MB;
# genuine mail nests its parts three or four deep, in tens of parts.
MAX_HEAD = 256 * 1024
MAX_TEXT = 2 * 1024 * 1024
MAX_PARTS = 500
MAX_DEPTH = 20
# One header's value as read (a subject, a part's type); a sender's, whose address Python's header
# parser reads in time that grows faster than its length (15 ms for 1 kB of a hostile one, 150 ms
# for 4 kB), is read only up to MAX_SENDER: a genuine one is a name and an address.
MAX_FIELD = 4096
MAX_SENDER = 1024
# RFC 2046's longest boundary; each is compiled into a pattern, at a tenth of a millisecond.
MAX_BOUNDARY = 70

# Why a message was set aside rather than filed, as staff read it in the inbox's "Not filed" list.
SENDER_UNREADABLE = "Its sender's address could not be read."
TOO_MANY_THREAD_IDS = f"It names more than {MAX_THREAD_IDS} earlier messages, more than a genuine reply does."
HEADERS_TOO_LARGE = f"Its headers are over {MAX_HEAD // 1024} kB, more than a genuine e-mail's."
PARTS_UNREADABLE = "Its parts could not be read: it does not say where one ends and the next begins."
TOO_MANY_PARTS = f"It has more than {MAX_PARTS} parts, more than are read here."
TOO_DEEP = f"Its parts are nested more than {MAX_DEPTH} deep, more than are read here."
NO_TEXT = "It has no text and no attachments."
UNREADABLE = "It could not be read here."


def text_too_large(size: int) -> str:
    """Why a message whose text is `size` bytes is set aside."""
    return f"Its text is {size / 1024 / 1024:.1f} MB: more than the {MAX_TEXT // 1024 // 1024} MB read here."


# Message ids are ASCII (RFC 5322): one with other bytes or controls in it names none of ours.
_MESSAGE_ID = re.compile(rb"<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>")
# A header section: fields, their folded lines and an mbox "From " line. It ends at a blank line, or
# at a line that is none of these, which starts the body (as Python's parser reads it).
_HEAD = re.compile(rb"(?:(?:From |[\x21-\x39\x3b-\x7e]*:|[ \t])[^\n]*+(?:\n|\Z))*+")
_FIELDS = {
    name: re.compile(rb"(?im)^" + re.escape(name) + rb":[ \t]*(.*+(?:\r?\n[ \t].*+)*+)")
    for name in (
        b"from",
        b"subject",
        b"message-id",
        b"in-reply-to",
        b"references",
        b"content-type",
        b"content-transfer-encoding",
        b"content-disposition",
    )
}
# A parameter of a Content-Type or Content-Disposition. A name starts only after a space or ";", so
# that a long run of name characters is tried once, not from each of its characters.
_PARAM = re.compile(r'(?:^|(?<=[\s;]))([^\s;=]++)\s*+=\s*+("(?:[^"\\]|\\.)*+"|[^\s;]*+)', re.S)
_CHARSET = re.compile(r"[A-Za-z0-9._:+-]{1,40}")
# Quoted-printable is decoded a chunk at a time for its size, each cut before any "=" among its last
# two bytes, so that no escape ("=XX", or "=" and a line break) is cut in two.
_QP_CHUNK = 1024 * 1024
# How many bytes of a text part's encoded payload hold MAX_TEXT decoded ones: base64 takes 4 for 3
# and its line breaks, quoted-printable up to 3 (=XX).
_EXPANSION = {"base64": 1.4, "quoted-printable": 3.0}
_NOT_BASE64 = bytes(
    sorted(set(range(256)) - set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"))
)

# The text read before it is cleaned and cut to its limit: cleaning only shortens it.
_READ_FACTOR = 4
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# Control characters but line breaks and tabs, and the Unicode line separators a text area would
# draw as breaks: dropped, so that the text shows as it reads.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
# Trailing spaces, each run tried once from its start: "[ \t]+\n" tries a long run again from each of
# its spaces, quadratic (40,000 spaces took 1.7 s).
_TRAILING_SPACE = re.compile(r"(?<![ \t])[ \t]++\n")
_BLANK_LINES = re.compile(r"\n{3,}")
_SPACES = re.compile(r"\s+")
# The marks that reorder what follows them: in a one-line value (a file's name, a subject) they
# would show "invoice\u202efdp.exe" as "invoiceexe.pdf".
_REORDERING = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

# An HTML e-mail's paragraphs as a blank line apart, its other blocks and its line breaks as a line
# each.
_PARAGRAPHS = frozenset(("p", "blockquote", "pre", "table", "h1", "h2", "h3", "h4", "h5", "h6"))
_LINES = frozenset(("div", "li", "tr", "br"))
_HIDDEN = frozenset(("script", "style", "head", "title", "template"))
# HTMLParser's bounds. It parses a tag and each attribute in Python, at 1.5 to 3 µs each, so no more
# are read than _MAX_TAGS (genuine HTML holds a few thousand for MAX_BODY of text). It reads a tag
# left open again with each chunk fed, and parses a long one's attributes in hundreds of MB: a start
# tag still open past _LONG_TAG (longer than any genuine one but an inline image's data) is read past
# to its ">", and anything else left open past _MAX_OPEN ends the reading.
_CHUNK = 8192
_LONG_TAG = 8192
_MAX_OPEN = 256 * 1024
_MAX_TAGS = 50_000
_TAG_NAME = re.compile(r"<([a-zA-Z][^\t\n\r\f />\x00]*)")
# What Python's header and HTML parsers raise on hostile input: IndexError or AttributeError on some
# addresses, RecursionError on nested comments, AssertionError on a malformed declaration,
# ValueError on a character reference of thousands of digits. Named, not Exception: the reader's
# time limit raises an Exception through the parsing, and must reach the reader.
_FAILURES = (
    ArithmeticError,
    AssertionError,
    AttributeError,
    LookupError,
    MemoryError,
    MessageError,
    RecursionError,
    TypeError,
    ValueError,
)


@dataclass(frozen=True)
class Received:
    message_id: str | None
    in_reply_to: str | None
    references: str | None
    from_address: str
    subject: str
    body: str
    attachments: list[dict[str, Any]]
    # Why the message cannot be filed, one sentence for staff; None when it can.
    problem: str | None = None


class _Part(NamedTuple):
    """A part that is not a multipart: where its payload lies in the message, and its headers."""

    start: int
    end: int
    type: str
    params: dict[str, str]
    disposition: str
    disposition_params: dict[str, str]
    encoding: str
    may_be_body: bool


def _values(head: bytes, name: bytes) -> list[bytes]:
    """Every value of the header `name` in a header section, unfolded."""
    return [value.replace(b"\r", b"").replace(b"\n", b"") for value in _FIELDS[name].findall(head)]


def _first(head: bytes, name: bytes) -> bytes | None:
    found = _FIELDS[name].search(head)
    return found[1].replace(b"\r", b"").replace(b"\n", b"") if found else None


def _thread(head: bytes) -> tuple[list[str], bool]:
    """The first MAX_THREAD_IDS distinct ids a header section's In-Reply-To and References name,
    latest first, and whether it names more."""
    answered = _MESSAGE_ID.findall(b" ".join(_values(head, b"in-reply-to")))
    cited = _MESSAGE_ID.findall(b" ".join(_values(head, b"references")))
    ids: list[str] = []
    seen: set[bytes] = set()
    for raw in chain(answered, reversed(cited)):
        if raw not in seen:
            if len(ids) == MAX_THREAD_IDS:
                return ids, True
            seen.add(raw)
            ids.append(raw.decode("ascii"))
    return ids, False


def thread_ids(head: bytes) -> list[str]:
    """The message ids an e-mail's In-Reply-To and References name, latest first (the one it
    answers, then its References from the newest back), each once: MAX_THREAD_IDS at most."""
    return _thread(head[:MAX_HEAD])[0]


def header_section(raw: bytes) -> bytes:
    """An e-mail's header section, MAX_HEAD bytes at most."""
    return _head(raw, 0, len(raw))[0]


def _head(raw: bytes, start: int, end: int) -> tuple[bytes, int, bool]:
    """The header section of the entity raw[start:end] (a message, or a part of one), where its body
    starts, and whether the section is over MAX_HEAD (then no body is read)."""
    stop = min(end, start + MAX_HEAD)
    head_end = _HEAD.match(raw, start, stop).end()  # type: ignore[union-attr]  # it matches "" at least
    if head_end == stop < end:
        return raw[start:stop], end, True
    if raw.startswith(b"\r\n", head_end, end):
        return raw[start:head_end], head_end + 2, False
    return raw[start:head_end], head_end + raw.startswith(b"\n", head_end, end), False


def _text(value: bytes | None) -> str:
    """A header's value as text: UTF-8 (RFC 6532), other bytes kept as surrogates for now."""
    return (value or b"")[:MAX_FIELD].decode("utf-8", "surrogateescape")


def _params(value: str) -> tuple[str, dict[str, str]]:
    """A Content-Type's or Content-Disposition's value: its type, lower-cased, and its parameters by
    lower-cased name (the first of each), as written."""
    kind, _, rest = value.partition(";")
    params: dict[str, str] = {}
    for name, written in _PARAM.findall(rest):
        params.setdefault(name.lower(), written)
    return kind.strip().lower(), params


def _children(raw: bytes, start: int, end: int, boundary: bytes, limit: int) -> list[tuple[int, int]]:
    """The parts of the multipart body raw[start:end], at most `limit` + 1: the bytes between its
    boundary lines, to the closing one or to the end (of a message cut short)."""
    # The line break before a boundary is the boundary's; the one after it, the part's start.
    delimiter = re.compile(rb"\n--" + re.escape(boundary) + rb"(--)?[ \t]*+(?=(\r?\n)|\Z)")
    # A body starts on a line of its own: its first boundary line may have no break of its own.
    search_from = start - 1 if start > 0 and raw[start - 1] == 0x0A else start
    parts: list[tuple[int, int]] = []
    part_start = None
    for found in delimiter.finditer(raw, search_from, end):
        if part_start is not None:
            stop = found.start() - (raw[found.start() - 1] == 0x0D)
            parts.append((part_start, max(stop, part_start)))
            if len(parts) > limit:
                return parts
        if found[1]:
            return parts
        part_start = found.end() + len(found[2] or b"")
    if part_start is not None:
        parts.append((part_start, end))
    return parts


def _walk(raw: bytes) -> tuple[list[_Part], str | None]:
    """Every part of a message that is not a multipart, in order, and why the rest could not be read
    (None when it could). Iterative: no depth of nesting reaches Python's recursion limit. Which parts
    may be its body is as Python's get_body() finds it: none in a part given as an attachment, and of
    a multipart/related only the first."""
    parts: list[_Part] = []
    entities = [(0, len(raw), 0, "text/plain", True)]
    seen = 0
    while entities:
        start, end, depth, default, may_be_body = entities.pop()
        seen += 1
        if seen > MAX_PARTS:
            return parts, TOO_MANY_PARTS
        if depth > MAX_DEPTH:
            return parts, TOO_DEEP
        head, body, too_large = _head(raw, start, end)
        if too_large:
            return parts, HEADERS_TOO_LARGE
        kind, params = _params(_text(_first(head, b"content-type")))
        if kind.count("/") != 1:
            kind = default
        disposition, disposition_params = _params(_text(_first(head, b"content-disposition")))
        may_be_body = may_be_body and disposition != "attachment"
        if not kind.startswith("multipart/"):
            encoding = _text(_first(head, b"content-transfer-encoding")).strip().lower()
            parts.append(
                _Part(body, end, kind, params, disposition, disposition_params, encoding, may_be_body)
            )
            continue
        boundary = utils.unquote(params.get("boundary", ""))
        if not 0 < len(boundary) <= MAX_BOUNDARY:
            return parts, PARTS_UNREADABLE
        children = _children(raw, body, end, boundary.encode("utf-8", "surrogateescape"), MAX_PARTS - seen)
        inner = "message/rfc822" if kind == "multipart/digest" else "text/plain"
        related = kind == "multipart/related"
        for i, (child_start, child_end) in reversed(list(enumerate(children))):
            entities.append((child_start, child_end, depth + 1, inner, may_be_body and not (related and i)))
    return parts, None


def _size(raw: bytes, part: _Part) -> int:
    """A part's size once decoded; a base64 one's counted from its characters (exact when it is well
    formed) rather than decoded into memory."""
    start, end = part.start, part.end
    if part.encoding == "base64":
        ignored = sum(raw.count(c, start, end) for c in (b"\n", b"\r", b" ", b"\t", b"="))
        return (end - start - ignored) * 3 // 4
    if part.encoding == "quoted-printable":
        size = 0
        while start < end:
            stop = min(start + _QP_CHUNK, end)
            if stop < end and (escape := raw.rfind(b"=", stop - 2, stop)) > start:
                stop = escape
            size += len(binascii.a2b_qp(raw[start:stop]))
            start = stop
        return size
    return end - start


def _payload(raw: bytes, part: _Part) -> bytes:
    """A text part's first MAX_TEXT bytes, decoded."""
    data = raw[part.start : min(part.end, part.start + int(MAX_TEXT * _EXPANSION.get(part.encoding, 1)))]
    if part.encoding == "quoted-printable":
        return binascii.a2b_qp(data)[:MAX_TEXT]
    if part.encoding != "base64":
        return data[:MAX_TEXT]
    try:
        return binascii.a2b_base64(data)[:MAX_TEXT]
    except binascii.Error:  # cut short or badly padded: read to its last whole group of four
        data = data.translate(None, _NOT_BASE64)
        return binascii.a2b_base64(data[: len(data) // 4 * 4])[:MAX_TEXT]


def _decode(data: bytes, charset: str) -> str:
    """Bytes in a charset as text: in UTF-8 for no charset, one Python does not know, one that is no
    text encoding ("zlib") or cannot replace what it cannot read ("idna"), and punycode (decoded in
    Python in quadratic time: minutes for 2 MB)."""
    codec = charset if _CHARSET.fullmatch(charset) else "utf-8"
    try:
        if codecs.lookup(codec).name != "punycode":
            return data.decode(codec, "replace")
    except (LookupError, UnicodeError):
        pass
    return data.decode("utf-8", "replace")


def _clean(text: str, limit: int) -> str:
    text = _SURROGATE.sub("\ufffd", text[: _READ_FACTOR * limit])
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _BLANK_LINES.sub("\n\n", _TRAILING_SPACE.sub("\n", text)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_line(text: str, limit: int) -> str:
    return _clean(_REORDERING.sub("", _SPACES.sub(" ", text[: _READ_FACTOR * limit])), limit)


def _words(text: str) -> str:
    """A header's text with its encoded words (RFC 2047, "=?utf-8?q?...?=") decoded."""
    if "=?" not in text:
        return text
    try:
        return str(policy.default.header_factory("subject", text))
    except _FAILURES:
        return text


class _HtmlText(HTMLParser):
    """An HTML e-mail's text as HTMLParser streams it: its scripts, styles and head dropped, a line
    break before and after each block and for each <br>, a blank line before and after each
    paragraph; counting the tags and attributes read."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self.length = 0
        self.tags = 0
        self.hidden = 0

    def _add(self, text: str) -> None:
        if not self.hidden:
            self.pieces.append(text)
            self.length += len(text)

    def _break(self, tag: str) -> None:
        if tag in _PARAGRAPHS:
            self._add("\n\n")
        elif tag in _LINES:
            self._add("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags += 1 + len(attrs)
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "body":  # a head left open ends where the body starts
            self.hidden = 0
        else:
            self._break(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags += 1 + len(attrs)
        if tag == "br":
            self._add("\n")

    def handle_endtag(self, tag: str) -> None:
        self.tags += 1
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        else:
            self._break(tag)

    def handle_data(self, data: str) -> None:
        self._add(data)

    def _count(self, data: str) -> None:
        self.tags += 1

    handle_comment = handle_decl = handle_pi = unknown_decl = _count


def html_text(markup: str) -> str:
    """What an HTML e-mail says, as text (see _HtmlText): read in chunks until its text passes a few
    times MAX_BODY, or _MAX_TAGS tags and attributes have been read."""
    reader = _HtmlText()
    at = 0
    try:
        while at < len(markup) and reader.length <= _READ_FACTOR * MAX_BODY and reader.tags <= _MAX_TAGS:
            reader.feed(markup[at : at + _CHUNK])
            at += _CHUNK
            held = reader.rawdata  # what HTMLParser holds back: a tag, comment or script not closed yet
            if len(held) > _LONG_TAG and (name := _TAG_NAME.match(held)):
                close = markup.find(">", at)
                at = len(markup) if close < 0 else close + 1
                reader.reset()
                reader.handle_starttag(name[1].lower(), [])
            elif len(held) > _MAX_OPEN:
                break
        # Text held back is read; a tag or comment never closed is dropped, as a browser shows none.
        if not reader.rawdata.startswith("<"):
            reader.close()
    except _FAILURES:  # what was read before stays
        pass
    return "".join(reader.pieces)


def _body(raw: bytes, part: _Part | None) -> tuple[str, str | None]:
    """A message's text, and why it cannot be filed when the text is over MAX_TEXT."""
    if part is None:
        return "", None
    size = _size(raw, part)
    text = _decode(_payload(raw, part), utils.unquote(part.params.get("charset", "")))
    if part.type == "text/html":
        text = html_text(text)
    return _clean(text, MAX_BODY), text_too_large(size) if size > MAX_TEXT else None


def _filename(part: _Part) -> str | None:
    """A part's file name, as Python's get_filename() reads it: the Content-Disposition's filename or
    the Content-Type's name, RFC 2231's encoded and continued forms (preferred) or plain."""
    for params, name in ((part.disposition_params, "filename"), (part.params, "name")):
        extended = [(key, value) for key, value in params.items() if key.startswith(f"{name}*")]
        if extended:
            try:
                found = dict(utils.decode_params([("", ""), *extended])).get(name)
            except (TypeError, ValueError):  # "name*" beside "name*0", or a number too long to read
                found = None
            if isinstance(found, tuple):
                charset, _, written = found
                return _decode(utils.unquote(written).encode("raw-unicode-escape"), charset or "")
            if found is not None:
                return utils.unquote(found)
        if name in params:
            return _words(utils.unquote(params[name])[: _READ_FACTOR * MAX_NAME])
    return None


def _attachments(raw: bytes, parts: list[_Part]) -> list[dict[str, Any]]:
    """Each part that is a file, named or given as an attachment: MAX_ATTACHMENTS at most."""
    listed = []
    for part in parts:
        name = _filename(part)
        if name is None and part.disposition != "attachment":
            continue
        listed.append({"name": _one_line(name or "", MAX_NAME) or "(unnamed)", "size": _size(raw, part)})
        if len(listed) == MAX_ATTACHMENTS:
            break
    return listed


def _sender(value: bytes | None) -> tuple[str, bool]:
    """The From's first address, and whether it could be read: not when there is none, or it is not
    an address ("", then), or it holds bytes that are not UTF-8 (kept, each replaced by U+FFFD)."""
    if value is None or len(value) > MAX_SENDER:
        return "", False
    try:
        address = policy.default.header_factory("from", _text(value)).addresses[0]
        if not (address.username and address.domain):
            return "", False
        return _one_line(address.addr_spec, 320), not _SURROGATE.search(address.addr_spec)
    except _FAILURES:  # no address (IndexError), or the header parser failing
        return "", False


def _read(raw: bytes) -> Received:
    head = header_section(raw)
    ids, more = _thread(head)
    own = _MESSAGE_ID.search(_first(head, b"message-id") or b"")
    sender, readable = _sender(_first(head, b"from"))
    parts, problem = _walk(raw)
    body_part = next((p for p in parts if p.may_be_body and p.type == "text/plain"), None) or next(
        (p for p in parts if p.may_be_body and p.type == "text/html"), None
    )
    body, too_large = _body(raw, body_part)
    attachments = _attachments(raw, [part for part in parts if part is not body_part])
    return Received(
        own.group().decode("ascii") if own else None,
        ids[0] if ids else None,
        " ".join(reversed(ids)) or None,
        sender,
        _one_line(_words(_text(_first(head, b"subject"))), MAX_SUBJECT),
        body,
        attachments,
        # The most telling first: thousands of ids are also headers over their bound.
        (TOO_MANY_THREAD_IDS if more else None)
        or problem
        or too_large
        or (None if readable else SENDER_UNREADABLE)
        or (None if body or attachments else NO_TEXT),
    )


def parse(raw: bytes) -> Received:
    """The message as the conversation keeps it, with why it cannot be filed when it cannot: every
    read is bounded, and nothing raises, so that one message never stops the mailbox's reading."""
    try:
        return _read(raw)
    except _FAILURES:  # one not foreseen here: the message is set aside, the reading goes on
        return Received(None, None, None, "", "", "", [], UNREADABLE)
