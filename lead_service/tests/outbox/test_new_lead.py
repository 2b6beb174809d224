"""The e-mail and the webhook's JSON take any stored lead, whatever it holds: no exception escapes
their builders, the e-mail flattens to bytes a mail server takes, its headers are one line each, and
the webhook carries the lead exactly as stored. Fuzzed with hypothesis, on its own and through a
row stored in SQLite and in PostgreSQL."""

import email
import email.policy
import json
import re
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lead_service.export import COLUMNS
from lead_service.extensions import db
from lead_service.models.leads import Lead
from lead_service.outbox.new_lead import Notice, notice, webhook_body
from lead_service.outbox.new_lead import notice_email as build_email
from lead_service.outbox.text import reply_address

SENDER = "Website leads <leads@tidewell.example>"
RECIPIENTS = ["sales@tidewell.example"]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Every code point, surrogates, controls and line breaks of every kind included.
any_text = st.text(st.characters(exclude_categories=()), max_size=120)
addresses = st.one_of(
    any_text,
    st.emails(),
    st.sampled_from(["ana@bücher.de", "josé@example.com", "no-domain", "a@b", "@", "x@-bad-.com"]),
)


def _lead(values: dict) -> dict:
    return {
        **{column: None for column in COLUMNS},
        "id": 1,
        "created_at": datetime(2026, 11, 25, 9, 30, tzinfo=UTC).isoformat(),
        "spam": False,
        **values,
    }


def _parsed(message) -> email.message.EmailMessage:
    """The message as a mail server and a mail client would see it."""
    return email.message_from_bytes(message.as_bytes(), policy=email.policy.default)


def _check(item: Notice) -> None:
    message = build_email(item, SENDER, RECIPIENTS)
    raw = message.as_bytes()
    received = _parsed(message)
    for name, value in received.items():
        assert "\n" not in value and "\r" not in value, name
    # RFC 2047 does not keep the spaces beside an encoded word; every other character comes back.
    assert "".join(str(received["Subject"]).split()) == "".join(item.subject.split())
    expected_reply = reply_address(str(item.lead.get("email") or ""))
    if expected_reply:
        assert received["Reply-To"].addresses[0].addr_spec == expected_reply
    else:
        assert received["Reply-To"] is None
    assert raw.isascii()  # 7-bit: any mail server takes it
    assert re.search(rf"^Lead: +#{item.lead['id']}$", received.get_content(), re.MULTILINE)
    assert json.loads(webhook_body(item))["lead"] == item.lead


leads = st.builds(
    _lead,
    st.fixed_dictionaries(
        {
            "form": st.one_of(
                st.none(), any_text, st.sampled_from(["contact", "caseStudiesContact", "quote"])
            ),
            "name": any_text,
            "company": st.one_of(st.none(), any_text),
            "email": addresses,
            "phone": st.one_of(st.none(), any_text),
            "message": st.one_of(any_text, st.text(min_size=1000, max_size=3000)),
            "project": any_text,
            "budget": any_text,
            "country": st.one_of(st.none(), any_text),
            "page": st.one_of(st.none(), any_text),
        }
    ),
)


@FUZZ
@given(lead=leads, site_url=st.sampled_from(["https://www.tidewell.example", "http://127.0.0.1:3000"]))
def test_no_lead_breaks_the_builders(lead, site_url):
    page = lead["page"]
    _check(Notice(outbox_id=42, lead=lead, page_url=f"{site_url}{page}" if page else None))


# What a row can hold: PostgreSQL text takes no NUL, and neither database takes a lone surrogate.
stored_text = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=120)


@FUZZ
@given(quote=st.booleans(), values=st.lists(stored_text, min_size=8, max_size=8))
def test_no_stored_row_breaks_the_builders(app, client, quote, values):
    name, company, address, phone, message, project, budget, page = values
    columns = {"name": name, "email": address, "phone": phone, "page": page or None}
    columns |= (
        {"form": "quote", "project": project, "budget": budget, "country": company}
        if quote
        else {"form": company or "contact", "company": company, "message": message}
    )
    with app.app_context():
        lead = Lead(**columns)
        db.session.add(lead)
        db.session.commit()
        stored = db.session.get(Lead, lead.id)
        _check(notice(7, stored, "https://www.tidewell.example"))
        db.session.delete(stored)
        db.session.commit()


@pytest.mark.parametrize(
    ("address", "reply_to"),
    [
        ("mina@harbor.io", "mina@harbor.io"),
        ("ana@bücher.de", "ana@xn--bcher-kva.de"),  # an IDN domain, in its punycode form
        ("josé@example.com", None),  # a non-ASCII local part needs SMTPUTF8
        ("omar@localhost", None),  # no domain a mail client can reach
        ("no-domain", None),
        ("=cmd|' /C calc'!A0", None),
    ],
)
def test_a_reply_to_only_for_an_address_that_can_carry_one(address, reply_to):
    assert reply_address(address) == reply_to


def test_an_address_that_cannot_be_a_reply_to_is_shown_in_the_body():
    item = Notice(
        1, _lead({"form": "quote", "name": "José", "email": "josé@example.com", "project": "p"}), None
    )

    message = _parsed(build_email(item, SENDER, RECIPIENTS))

    assert message["Reply-To"] is None
    body = message.get_content()
    assert "josé@example.com" in body
    assert "cannot take a reply from a mail program" in body


def test_a_non_ascii_name_goes_out_as_rfc_2047_words():
    item = Notice(
        1, _lead({"form": "contact", "name": "Nguyễn Thị Hà", "email": "ha@example.vn", "message": "m"}), None
    )

    raw = build_email(item, SENDER, RECIPIENTS).as_bytes().decode("ascii")
    message = _parsed(build_email(item, SENDER, RECIPIENTS))

    assert "=?utf-8?" in raw
    assert message["Subject"] == "New contact message from Nguyễn Thị Hà"
    assert message["Reply-To"].addresses[0].display_name == "Nguyễn Thị Hà"


def test_line_breaks_and_overrides_in_an_old_row_are_shown_not_obeyed():
    lead = _lead(
        {"form": "contact", "name": "Line\nBreak\u202e", "email": "a@b.co", "message": "one\ntwo\u202eowt"}
    )

    message = _parsed(build_email(Notice(1, lead, None), SENDER, RECIPIENTS))

    assert message["Subject"] == "New contact message from Line Break[U+202E]"
    body = message.get_content()
    assert "Name:     Line Break[U+202E]" in body
    assert "Message:  one\n          two[U+202E]owt" in body.replace("\r\n", "\n")
