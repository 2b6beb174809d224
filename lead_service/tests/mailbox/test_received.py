"""An e-mail from the sales mailbox as a conversation keeps it: the messages it answers, its sender
and subject, its text (an HTML-only e-mail's without markup, scripts or styles), and its attachments
by name and size; whatever bytes come, it is kept as text, never raising."""

from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from lead_service.mailbox.received import MAX_BODY, UNREADABLE, html_text, parse, thread_ids


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


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.sampled_from([b"", b"In-Reply-To: <r@t>\r\n", b"\r\n\r\n"]))
def test_any_bytes_come_back_as_text_without_raising(raw, prefix):
    received = parse(prefix + raw)

    assert isinstance(received.body, str) and isinstance(received.subject, str)
    assert "\r" not in received.body and "\x00" not in received.body
    assert "\n" not in received.subject
    assert received.body == UNREADABLE or len(received.body) <= MAX_BODY
