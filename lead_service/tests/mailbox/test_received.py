"""An e-mail from the sales mailbox as a conversation keeps it: the messages it answers, its sender
and subject, its text (an HTML-only e-mail's without markup, scripts or styles), and its attachments
by name and size; and, for one that cannot be filed, why (test_received_bounds.py holds the
properties every input keeps)."""

import base64
from email.message import EmailMessage

import pytest

from lead_service.mailbox import received as received_module
from lead_service.mailbox.received import (
    HEADERS_TOO_LARGE,
    MAX_BODY,
    MAX_DEPTH,
    MAX_HEAD,
    MAX_PARTS,
    MAX_THREAD_IDS,
    NO_TEXT,
    PARTS_UNREADABLE,
    SENDER_UNREADABLE,
    TOO_DEEP,
    TOO_MANY_PARTS,
    TOO_MANY_THREAD_IDS,
    UNREADABLE,
    Received,
    header_section,
    html_text,
    parse,
    thread_ids,
)

HEAD = b"From: ann@acme.example\r\nSubject: hi\r\nMessage-ID: <a@acme.example>\r\nIn-Reply-To: <r@t>\r\n"


def _answer(**headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Ann Contact <ann@acme.example>"
    message["To"] = "sales@tidewell.example"
    message["Subject"] = "Re: Your contact message to Tidewell Digital"
    message["Message-ID"] = "<answer.1@acme.example>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    return message


def test_the_thread_is_read_latest_first_each_id_once():
    head = (
        b"Message-ID: <m3@x>\r\nIn-Reply-To: <m2@tidewell>\r\n"
        b"References: <m1@tidewell>\r\n <m2@tidewell>\r\nSubject: hi\r\n"
    )

    assert thread_ids(head) == ["<m2@tidewell>", "<m1@tidewell>"]
    assert thread_ids(b"Subject: no thread\r\n") == []


def test_a_plain_text_answer_keeps_its_text_sender_subject_and_thread():
    message = _answer(In_Reply_To="<reply.1.aa@tidewell.example>", References="<reply.1.aa@tidewell.example>")
    message.set_content("Thursday at ten suits us.\r\n\r\n\r\n\r\nAnn\n")

    received = parse(message.as_bytes())

    assert received.message_id == "<answer.1@acme.example>"
    assert received.in_reply_to == "<reply.1.aa@tidewell.example>"
    assert received.references == "<reply.1.aa@tidewell.example>"
    assert received.from_address == "ann@acme.example"
    assert received.subject == "Re: Your contact message to Tidewell Digital"
    assert received.body == "Thursday at ten suits us.\n\nAnn"
    assert received.attachments == []
    assert received.problem is None


def test_an_html_only_answer_is_kept_as_its_text_without_scripts_or_styles():
    message = _answer()
    message.set_content(
        "<html><head><style>p{color:red}</style><script>alert(1)</script></head>"
        "<body><p>Thursday <b>at ten</b>.</p><p>Ann<br>CTO</p>"
        '<img src="x" onerror="alert(2)"><script>fetch("/api")</script></body></html>',
        subtype="html",
    )

    body = parse(message.as_bytes()).body

    assert body == "Thursday at ten.\n\nAnn\nCTO"
    assert "alert" not in body and "<" not in body and "color" not in body


def test_the_plain_text_is_kept_over_the_html_of_the_same_message():
    message = _answer()
    message.set_content("In plain words.")
    message.add_alternative("<p>In <i>rich</i> words.</p>", subtype="html")

    assert parse(message.as_bytes()).body == "In plain words."


def test_attachments_are_listed_by_name_and_size_and_not_kept():
    message = _answer()
    message.set_content("Our brief is attached.")
    message.add_attachment(
        b"%PDF-1.7 " + b"x" * 1991, maintype="application", subtype="pdf", filename="brief.pdf"
    )
    message.add_attachment(b"\x89PNG" * 10, maintype="image", subtype="png", filename="logo\t\t.png")
    message.add_attachment(
        b"no name", maintype="application", subtype="octet-stream", disposition="attachment"
    )
    message.add_attachment(
        b"MZ", maintype="application", subtype="octet-stream", filename="invoice\u202efdp.exe"
    )

    received = parse(message.as_bytes())

    assert received.body == "Our brief is attached."
    assert received.attachments == [
        {"name": "brief.pdf", "size": 2000},
        {"name": "logo .png", "size": 40},
        {"name": "(unnamed)", "size": 7},
        # Shown as written, not reordered to read "invoiceexe.pdf".
        {"name": "invoicefdp.exe", "size": 2},
    ]


def test_a_long_message_is_cut_and_controls_are_dropped():
    message = _answer()
    message.set_content("a\x00b\x1b[31mc\u2028" + "x" * (MAX_BODY * 2))

    body = parse(message.as_bytes()).body

    assert body.startswith("ab[31mc")
    assert len(body) == MAX_BODY and body.endswith("…")


def test_an_unknown_charset_is_read_as_utf8_with_replacements():
    raw = (
        b"From: ann@acme.example\r\nSubject: hi\r\nMessage-ID: <a@b>\r\nIn-Reply-To: <r@t>\r\n"
        b"Content-Type: text/plain; charset=x-unknown-42\r\n\r\nCaf\xc3\xa9 \xff\r\n"
    )

    received = parse(raw)

    assert received.body == "Café \ufffd"
    assert received.in_reply_to == "<r@t>"


def test_html_text_keeps_what_was_escaped_as_text():
    assert html_text("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>").strip() == "<script>alert(1)</script>"


def test_an_html_answer_is_read_past_an_inline_image_and_a_head_left_open():
    markup = (
        "<html><head><title>Re: brief</title><style>p {}</style><body><p>Thursday<br/>suits us.</p>"
        f'<img src="data:image/png;base64,{"A" * 100_000}"><div>Ann</div><script>x()</script></html>'
    )

    assert html_text(markup).split() == ["Thursday", "suits", "us.", "Ann"]


def test_a_related_html_body_keeps_its_images_and_files_as_attachments():
    message = _answer()
    message.set_content("In plain words.")
    message.add_alternative("<p>In <i>rich</i> words.</p>", subtype="html")
    message.get_payload()[1].add_related(b"\x89PNG" * 5, "image", "png", cid="<logo>", filename="logo.png")
    message.add_attachment(b"x" * 1000, maintype="application", subtype="pdf", filename="Résumé 年.pdf")
    message.add_attachment("€ notes\n" * 3, filename="notes.txt", cte="quoted-printable")

    received = parse(message.as_bytes())

    assert received.body == "In plain words."
    assert received.attachments == [
        {"name": "logo.png", "size": 20},
        {"name": "Résumé 年.pdf", "size": 1000},
        {"name": "notes.txt", "size": 30},
    ]
    assert received.problem is None


def test_a_forwarded_message_is_one_attachment():
    forwarded = EmailMessage()
    forwarded["Subject"] = "Our brief"
    forwarded.set_content("The brief.")
    forwarded.add_attachment(b"a,b", maintype="text", subtype="csv", filename="inner.csv")
    message = _answer()
    message.set_content("See below.")
    message.add_attachment(forwarded, filename="brief.eml")

    received = parse(message.as_bytes())

    assert received.body == "See below."
    assert [attachment["name"] for attachment in received.attachments] == ["brief.eml"]


def test_a_message_cut_short_keeps_its_text_and_what_came_of_its_attachments():
    message = _answer()
    message.set_content("Our brief is attached.")
    message.add_attachment(b"%PDF" * 5000, maintype="application", subtype="pdf", filename="brief.pdf")
    raw = message.as_bytes()

    received = parse(raw[: len(raw) // 2])  # as the reader fetches the start of a message too large

    assert received.body == "Our brief is attached."
    assert received.attachments[0]["name"] == "brief.pdf"
    assert 0 < received.attachments[0]["size"] < 20_000


def test_a_sender_in_utf8_is_read_as_written():
    raw = "From: José <josé@example.com>\r\nSubject: Café\r\nIn-Reply-To: <r@t>\r\n\r\nHola".encode()

    received = parse(raw)

    assert (received.from_address, received.subject, received.problem) == ("josé@example.com", "Café", None)


def test_a_name_in_latin1_is_replaced_but_its_address_read():
    received = parse(b"From: Jos\xe9 <jose@example.com>\r\nSubject: Caf\xe9\r\n\r\nHola")

    assert (received.from_address, received.subject, received.problem) == (
        "jose@example.com",
        "Caf\ufffd",
        None,
    )


@pytest.mark.parametrize(
    ("sender", "kept"),
    [
        (None, ""),
        (b"jos\xe9@example.com", "jos\ufffd@example.com"),  # Latin-1, not UTF-8
        (b"Jos\xe9 <jos\xe9@example.com>", "jos\ufffd@example.com"),
        (b"undisclosed-recipients:;", ""),
        (b"Ann", ""),
        (b"(" * 5000, ""),
    ],
)
def test_a_sender_that_cannot_be_read_sets_the_message_aside_with_what_could_be(sender, kept):
    raw = (b"From: " + sender + b"\r\n" if sender else b"") + HEAD[HEAD.index(b"Subject") :] + b"\r\nHola\r\n"

    received = parse(raw)

    assert (received.from_address, received.problem) == (kept, SENDER_UNREADABLE)
    assert (received.subject, received.body, received.in_reply_to) == ("hi", "Hola", "<r@t>")


def test_thread_ids_are_the_first_hundred_distinct_and_more_sets_the_message_aside():
    cited = b" ".join(b"<%d@t>" % n for n in range(150))
    head = b"In-Reply-To: <149@t>\r\nReferences: " + cited + b" <149@t>\r\n"

    ids = thread_ids(head)
    received = parse(b"From: ann@acme.example\r\n" + head + b"\r\nHola")

    assert ids == [f"<{n}@t>" for n in range(149, 49, -1)]
    assert (received.in_reply_to, received.references) == ("<149@t>", " ".join(reversed(ids)))
    assert received.problem == TOO_MANY_THREAD_IDS


def test_a_hundred_ids_named_over_and_over_are_not_too_many():
    cited = b" ".join(b"<%d@t>" % (n % MAX_THREAD_IDS) for n in range(5000))

    received = parse(b"From: ann@acme.example\r\nReferences: " + cited + b"\r\n\r\nHola")

    assert len(received.references.split()) == MAX_THREAD_IDS
    assert received.problem is None


def test_message_ids_are_ascii_without_controls():
    head = b"In-Reply-To: <r\xe9@t>\r\nReferences: <a\x00b@t> <ok@t> <\x7f@t>\r\n"

    assert thread_ids(head) == ["<ok@t>"]


def test_thousands_of_ids_are_told_as_such_though_their_headers_are_over_the_bound_too():
    cited = b"\r\n ".join(b"<id%d@spam.example>" % n for n in range(20_000))

    received = parse(HEAD + b"References: " + cited + b"\r\n\r\nHola")

    assert len(cited) > MAX_HEAD
    assert (received.in_reply_to, received.problem) == ("<r@t>", TOO_MANY_THREAD_IDS)


def test_headers_over_the_bound_set_the_message_aside_with_what_their_start_says():
    raw = HEAD + b"X-Padding: " + b"x" * MAX_HEAD + b"\r\n\r\nHola"

    received = parse(raw)

    assert received.problem == HEADERS_TOO_LARGE
    assert (received.from_address, received.subject, received.in_reply_to) == (
        "ann@acme.example",
        "hi",
        "<r@t>",
    )
    assert len(header_section(raw)) == MAX_HEAD


def test_a_text_over_the_bound_sets_the_message_aside_with_its_start():
    message = _answer()
    message.set_content("<p>Start of a long page</p>" + "<p>x</p>" * (5 * 1024 * 1024 // 8), subtype="html")

    received = parse(message.as_bytes())

    assert received.problem == "Its text is 5.0 MB: more than the 2 MB read here."
    assert received.body.startswith("Start of a long page\n\nx\n\nx")


@pytest.mark.parametrize("encoding", ["base64", "quoted-printable", "8bit"])
def test_a_text_over_the_bound_is_measured_in_each_encoding(encoding):
    message = _answer()
    message.set_content("Hello " * 500_000, cte=encoding)

    assert parse(message.as_bytes()).problem == "Its text is 2.9 MB: more than the 2 MB read here."


def test_spaces_alone_are_no_text():
    spaces = base64.encodebytes(b" \t\r\n" * 100_000)
    raw = HEAD + b"Content-Transfer-Encoding: base64\r\n\r\n" + spaces

    received = parse(raw)

    assert (received.body, received.attachments, received.problem) == ("", [], NO_TEXT)


def test_an_attachment_without_text_can_be_filed():
    message = _answer()
    message.add_attachment(b"%PDF", maintype="application", subtype="pdf", filename="brief.pdf")

    received = parse(message.as_bytes())

    assert (received.body, received.attachments, received.problem) == (
        "",
        [{"name": "brief.pdf", "size": 4}],
        None,
    )


def _nested(depth: int) -> bytes:
    opening = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (level, level)
        for level in range(depth)
    )
    return HEAD + opening + b"\r\nHola\r\n"


def _parts(count: int) -> bytes:
    return (
        HEAD
        + b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n'
        + b"--b\r\n\r\nHola\r\n" * count
        + b"--b--\r\n"
    )


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (HEAD + b"Content-Type: multipart/mixed\r\n\r\n--b\r\n\r\nHola\r\n", PARTS_UNREADABLE),
        (
            HEAD + b'Content-Type: multipart/mixed; boundary="' + b"b" * 71 + b'"\r\n\r\nHola\r\n',
            PARTS_UNREADABLE,
        ),
        (_parts(MAX_PARTS), TOO_MANY_PARTS),  # with the multipart holding them, one over
        (_nested(MAX_DEPTH + 1), TOO_DEEP),
        (_nested(2000), TOO_DEEP),
        (
            HEAD + b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nX: ' + b"y" * MAX_HEAD,
            HEADERS_TOO_LARGE,
        ),
    ],
)
def test_a_structure_that_cannot_be_read_sets_the_message_aside(raw, problem):
    received = parse(raw)

    assert received.problem == problem
    assert (received.from_address, received.in_reply_to) == ("ann@acme.example", "<r@t>")


def test_the_parts_and_nesting_within_the_bounds_are_read():
    assert parse(_parts(MAX_PARTS - 1)).problem is None
    assert parse(_nested(MAX_DEPTH)).body == "Hola"


def test_a_failure_not_foreseen_sets_the_message_aside(monkeypatch):
    def failing(raw):
        raise IndexError

    monkeypatch.setattr(received_module, "_walk", failing)

    assert parse(HEAD + b"\r\nHola") == Received(None, None, None, "", "", "", [], UNREADABLE)


def test_the_readers_time_limit_is_not_taken_for_a_failure(monkeypatch):
    class TimeLimit(Exception):
        pass

    def expired(raw):
        raise TimeLimit

    monkeypatch.setattr(received_module, "_walk", expired)

    with pytest.raises(TimeLimit):
        parse(HEAD + b"\r\nHola")
