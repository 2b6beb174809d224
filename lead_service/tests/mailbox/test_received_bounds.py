"""Whatever bytes come, a message is read within its bounds: parse() never raises, returns only text
a database takes (no surrogates; in the body no control character but line breaks and tabs; in a
one-line value none at all, nor a mark that reorders text), says why a message cannot be filed
whenever it keeps no sender or no text, and ends well within a time bound. For arbitrary bytes, and
for the shapes a hostile sender builds: deep MIME, huge or many headers, long lines, thousands of
parts, 8-bit bytes everywhere, thousands of thread ids, base64 of whitespace, nested HTML."""

import base64
import re
import time

from hypothesis import given, settings, target
from hypothesis import strategies as st

from lead_service.mailbox.received import (
    MAX_ATTACHMENTS,
    MAX_BODY,
    MAX_NAME,
    MAX_SUBJECT,
    MAX_THREAD_IDS,
    Received,
    parse,
    thread_ids,
)

# Generous beside the tenth of a second the slowest shape takes on a developer's machine.
SECONDS = 2.0
MB = 1024 * 1024
_BODY_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_LINE_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_ID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>")


def _clean_line(value: str | None) -> None:
    if value is not None:
        value.encode("utf-8")
        assert not _LINE_CONTROL.search(value)


def _parsed(raw: bytes) -> Received:
    """parse(raw), held to every property; the time it took steers Hypothesis to slower inputs."""
    start = time.perf_counter()
    received = parse(raw)
    elapsed = time.perf_counter() - start
    target(elapsed, label="parse seconds")
    assert elapsed < SECONDS

    received.body.encode("utf-8")
    assert not _BODY_CONTROL.search(received.body)
    assert len(received.body) <= MAX_BODY and len(received.subject) <= MAX_SUBJECT
    for value in (received.from_address, received.subject, received.problem):
        _clean_line(value)
    ids = [received.message_id, received.in_reply_to, *(received.references or "").split()]
    assert all(_ID.fullmatch(thread_id) for thread_id in ids if thread_id is not None)
    assert len((received.references or "").split()) <= MAX_THREAD_IDS
    assert len(received.attachments) <= MAX_ATTACHMENTS
    for attachment in received.attachments:
        _clean_line(attachment["name"])
        assert 0 < len(attachment["name"]) <= MAX_NAME and attachment["size"] >= 0
    if received.problem is None:
        assert received.from_address and (received.body or received.attachments)
    return received


def _repeated(pieces: list[tuple[bytes, int]], limit: int = 10 * MB) -> bytes:
    """Each piece its number of times, one after another, to `limit` bytes."""
    out = []
    size = 0
    for piece, times in pieces:
        kept = min(times, (limit - size) // len(piece))
        out.append(piece * kept)
        size += len(piece) * kept
    return b"".join(out)


_TIMES = st.one_of(st.just(1), st.integers(1, 100), st.integers(1, 300_000))
_BYTES = st.binary(min_size=1, max_size=12)
_EIGHT_BIT = st.sampled_from(
    [b"\xe9", b"\xff\xfe", b"\x80", b"\xc3", "é".encode(), "\u202e".encode(), b"\xed\xa0\x80"]
)
_CONTROLS = st.sampled_from([b"\x00", b"\x1b[31m", b"\x7f", b"\r", b"\x0b", b"\x85", "\u2028".encode()])
_HEADERS = [
    b"From: ann@acme.example\r\n",
    b"From: ",
    b"Subject: ",
    b"Message-ID: <m@x>\r\n",
    b"In-Reply-To: ",
    b"References: ",
    b"<id@x> ",
    b"Content-Type: multipart/mixed; boundary=b\r\n",
    b'Content-Type: multipart/alternative; boundary="b"\r\n',
    b"Content-Type: multipart/related; boundary=b\r\n",
    b"Content-Type: text/html\r\n",
    b"Content-Type: text/plain; charset=",
    b"Content-Type: message/rfc822\r\n",
    b"Content-Transfer-Encoding: base64\r\n",
    b"Content-Transfer-Encoding: quoted-printable\r\n",
    b"Content-Disposition: attachment; filename*0*=utf-8''%E2%82%AC; filename*1=",
    b"Content-Disposition: attachment; filename=",
]
_SOUP = [
    *_HEADERS,
    b"\r\n",
    b"\n",
    b" ",
    b"\t",
    b":",
    b";",
    b"=",
    b'"',
    b"<",
    b">",
    b"--",
    b"b",
    b"x",
    b"utf-8",
    b"punycode",
    b"utf-7",
    b"unicode_escape",
    b"=?utf-8?b?",
    b"=?punycode?q?",
    b"?=",
    b"\r\n\r\n",
    b"\r\n--b\r\n",
    b"\r\n--b--\r\n",
    b"<p>",
    b"</p>",
    b"<br>",
    b"<script>",
    b"&amp;",
    b"&#",
    b"<!--",
    b"<a href=",
    b"QUFB",
    b"=41",
    b"=\r\n",
]
_SOUP_PIECES = st.lists(
    st.tuples(st.sampled_from(_SOUP) | _BYTES | _EIGHT_BIT | _CONTROLS, _TIMES), max_size=30
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        [
            b"",
            b"From: ann@acme.example\r\nIn-Reply-To: <r@t>\r\n",
            b"\r\n\r\n",
            b"Content-Type: text/html\r\n\r\n",
            b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n",
            b"Content-Transfer-Encoding: base64\r\n\r\n",
            b"Content-Transfer-Encoding: quoted-printable\r\n\r\n",
        ]
    ),
    st.binary(max_size=3000),
)
def test_any_bytes_are_read_as_clean_text_in_time(prefix, raw):
    _parsed(prefix + raw)


@settings(max_examples=300, deadline=None)
@given(_SOUP_PIECES)
def test_pieces_of_mail_in_any_order_and_number_are_read_in_time(pieces):
    _parsed(_repeated(pieces))


_BOUNDARIES = st.sampled_from([b"b", b"=_Part_1", b"", b"b\xe9", b"b" * 70, b"b" * 71, b" b", b"b;c"])
_MULTIPARTS = st.sampled_from([b"mixed", b"alternative", b"related", b"digest", b"x-weird", b""])


@settings(max_examples=80, deadline=None)
@given(
    depth=st.integers(0, 2500),
    boundary=_BOUNDARIES,
    kind=_MULTIPARTS,
    distinct=st.booleans(),
    closed=st.booleans(),
    leaf=st.sampled_from([b"Hola", b"", b"Content-Type: text/html\r\n\r\n<p>Hola", b"\xe9" * 100]),
)
def test_deep_mime_is_read_in_time(depth, boundary, kind, distinct, closed, leaf):
    marks = [boundary + (b"%d" % level if distinct else b"") for level in range(depth)]
    opening = b"".join(
        b'Content-Type: multipart/%s; boundary="%s"\r\n\r\n--%s\r\n' % (kind, mark, mark) for mark in marks
    )
    closing = b"".join(b"\r\n--%s--" % mark for mark in reversed(marks)) if closed else b""

    _parsed(b"From: ann@acme.example\r\n" + opening + leaf + closing)


_NAMES = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=40).map(lambda name: name.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [b"=?utf-8?b?w6kucGRm?=", b"invoice\xe2\x80\xaefdp.exe", b"a\x00b\r\nc", b'"q\\"x"', b"x" * 5000]
    ),
)


@st.composite
def _part(draw) -> bytes:
    """One part of a multipart: its headers, drawn among genuine and hostile ones, and a payload."""
    kind = draw(
        st.sampled_from(
            [
                b"text/plain; charset=utf-8",
                b"text/plain; charset=punycode",
                b"text/html",
                b"application/pdf; name=",
                b"message/rfc822",
                b"multipart/mixed",
                b"image/png",
                b"",
            ]
        )
    )
    encoding = draw(st.sampled_from([b"base64", b"quoted-printable", b"7bit", b"x-uuencode", b""]))
    disposition = draw(
        st.sampled_from(
            [b"attachment; filename=", b"attachment; filename*=utf-8''", b"inline", b"attachment", b""]
        )
    )
    name = draw(_NAMES)
    payload = _repeated(
        [(draw(_BYTES | st.sampled_from([b"QUFB\r\n", b"=41=\r\n", b" "])), draw(_TIMES))], MB
    )
    return (
        b"Content-Type: %s%s\r\nContent-Transfer-Encoding: %s\r\nContent-Disposition: %s%s\r\n\r\n%s\r\n"
        % (kind, name if kind.endswith(b"=") else b"", encoding, disposition, name, payload)
    )


@settings(max_examples=100, deadline=None)
@given(
    count=st.integers(0, 12_000),
    parts=st.lists(_part(), min_size=1, max_size=4),
    closed=st.booleans(),
    kind=_MULTIPARTS,
)
def test_thousands_of_parts_are_read_in_time(count, parts, closed, kind):
    body = _repeated([(b"".join(b"--b\r\n" + part for part in parts), count)])

    received = _parsed(
        b"From: ann@acme.example\r\nContent-Type: multipart/%s; boundary=b\r\n\r\n%s%s"
        % (kind, body, b"--b--\r\n" if closed else b"")
    )

    assert len(received.attachments) <= MAX_ATTACHMENTS


@settings(max_examples=120, deadline=None)
@given(
    fields=st.lists(
        st.tuples(
            st.sampled_from([*_HEADERS, b"X-Spam: ", b"SUBJECT: ", b"from:", b" ", b"\t"]),
            st.lists(st.tuples(st.sampled_from(_SOUP) | _BYTES | _EIGHT_BIT | _CONTROLS, _TIMES), max_size=4),
        ),
        max_size=12,
    ),
    repeated=st.one_of(st.just(1), st.integers(1, 30_000)),
    folded=st.booleans(),
)
def test_huge_or_many_headers_are_read_in_time(fields, repeated, folded):
    lines = b"".join(
        name + _repeated(value, MB).replace(b"\r\n", b"\r\n " if folded else b"\r\n") + b"\r\n"
        for name, value in fields
    )

    _parsed(_repeated([(lines or b"X: y\r\n", repeated)]) + b"\r\nHola")


@settings(max_examples=60, deadline=None)
@given(
    unit=_BYTES | _EIGHT_BIT | _CONTROLS | st.sampled_from([b" ", b"<", b"(", b"=?", b"\\", b'"']),
    size=st.integers(1, 10 * MB),
    place=st.sampled_from(
        [
            b"From: %s\r\n\r\nHola",
            b"Subject: %s\r\n\r\nHola",
            b"From: a@b.c\r\nReferences: %s\r\n\r\nHola",
            b"%s: x\r\n\r\nHola",
            b"From: a@b.c\r\n\r\n%s",
            b"From: a@b.c\r\nContent-Type: text/html\r\n\r\n%s",
            b'From: a@b.c\r\nContent-Type: multipart/mixed; boundary="%s"\r\n\r\nHola',
            b"From: a@b.c\r\nContent-Type: text/plain; charset=%s\r\n\r\nHola",
            b"From: a@b.c\r\nContent-Disposition: attachment; filename=%s\r\n\r\n",
        ]
    ),
)
def test_a_line_of_up_to_10_mb_anywhere_is_read_in_time(unit, size, place):
    _parsed(place % (unit * (size // len(unit))))


@settings(max_examples=100, deadline=None)
@given(
    count=st.integers(0, 20_000),
    distinct=st.integers(1, 30_000),
    form=st.sampled_from(
        [b"<%d@x>", b"<%d@x\xe9>", b"<%d\x00@x>", b"<%d@" + b"x" * 240 + b">", b"%d@x", b"<<%d@x>>"]
    ),
    answered=st.integers(0, 3),
    folded=st.booleans(),
)
def test_thousands_of_thread_ids_are_read_in_time(count, distinct, form, answered, folded):
    ids = (b"\r\n " if folded else b" ").join(form % (n % distinct) for n in range(count))
    head = b"From: ann@acme.example\r\nIn-Reply-To: %s\r\nReferences: %s\r\n" % (ids[: answered * 30], ids)

    start = time.perf_counter()
    found = thread_ids(head)
    assert time.perf_counter() - start < SECONDS
    received = _parsed(head + b"\r\nHola")

    assert len(found) == len(set(found)) <= MAX_THREAD_IDS
    assert received.in_reply_to == (found[0] if found else None)


@settings(max_examples=60, deadline=None)
@given(
    unit=st.lists(
        st.sampled_from([b" ", b"\t", b"\r\n", b"\n", b"\x00", b"\x0b", "\u3000".encode()]), min_size=1
    ),
    size=st.integers(0, 1_600_000),
    line=st.sampled_from([4, 76, 1000, 10 * MB]),
    kind=st.sampled_from([b"text/plain", b"text/html"]),
)
def test_base64_of_whitespace_is_read_in_time(unit, size, line, kind):
    encoded = base64.b64encode(_repeated([(b"".join(unit), size)], size))
    lines = b"\r\n".join(encoded[at : at + line] for at in range(0, len(encoded), line))

    received = _parsed(
        b"From: ann@acme.example\r\nContent-Type: %s\r\nContent-Transfer-Encoding: base64\r\n\r\n%s"
        % (kind, lines)
    )

    assert received.body.strip() == received.body


_HTML = [
    b"<div>",
    b"</div>",
    b"<p>",
    b"</p>",
    b"<br>",
    b"<br/>",
    b"<b>x</b>",
    b"<table><tr><td>",
    b"<script>",
    b"</script>",
    b"<style>",
    b"<head>",
    b"<title>",
    b"</head>",
    b"<body>",
    b"<template>",
    b"<!--",
    b"-->",
    b"<!DOCTYPE html>",
    b"<![CDATA[",
    b"<![if x]>",
    b"<?xml",
    b"&amp;",
    b"&#x1F600;",
    b"&#xD800;",
    b"&#" + b"9" * 5000 + b";",
    b"text ",
    b'<a href="',
    b'">',
    b" b=1",
    b' b="<"',
    b"<img src='data:",
    b"A" * 1000,
    b"<",
    b">",
    b"</",
    b"<a",
    b"&lt;script&gt;",
]


@settings(max_examples=250, deadline=None)
@given(
    pieces=st.lists(st.tuples(st.sampled_from(_HTML) | _EIGHT_BIT | _CONTROLS, _TIMES), max_size=20),
    encoding=st.sampled_from([b"8bit", b"base64", b"quoted-printable"]),
)
def test_nested_and_broken_html_is_read_in_time(pieces, encoding):
    markup = _repeated(pieces, 3 * MB)
    if encoding == b"base64":
        markup = base64.encodebytes(markup)

    _parsed(
        b"From: ann@acme.example\r\nContent-Type: text/html; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: %s\r\n\r\n%s" % (encoding, markup)
    )
