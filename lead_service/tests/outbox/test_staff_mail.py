"""Every e-mail to staff is made the same way: its Message-ID on the sender's own domain (localhost
when the sender has none), its subject one line of at most 200 characters, its recipients one member
of staff or the team's list, and its text 7-bit."""

import pytest

from lead_service.outbox.staff_mail import staff_email, staff_member
from lead_service.outbox.text import message_id


@pytest.mark.parametrize(
    ("sender", "expected"),
    [
        ("Website leads <leads@tidewell.example>", "<due-1@tidewell.example>"),
        ("leads@tidewell.example", "<due-1@tidewell.example>"),
        ("Leads <>", "<due-1@localhost>"),
        ("", "<due-1@localhost>"),
    ],
)
def test_the_message_id_is_on_the_senders_domain(sender, expected):
    assert message_id(sender, "due-1") == expected


def test_a_subject_is_one_line_and_cut_past_200_characters():
    message = staff_email("a@x.example", ["b@x.example"], "Line\nbreak " + "x" * 300, "text\n", kind_id="k")

    assert message["Subject"].startswith("Line break xxx")
    assert len(message["Subject"]) == 200 and message["Subject"].endswith("…")


def test_one_member_of_staff_or_the_teams_addresses():
    ana = staff_member("Ana\r\nBcc: v@x.example", "ana@x.example")
    one = staff_email("a@x.example", ana, "s", "t\n", kind_id="k")
    team = staff_email("a@x.example", ["b@x.example", "c@x.example"], "s", "t\n", kind_id="k")

    assert one["To"].addresses[0].display_name == "Ana Bcc: v@x.example"
    assert one["Bcc"] is None
    assert team["To"] == "b@x.example, c@x.example"


def test_the_text_goes_7_bit():
    message = staff_email("a@x.example", ["b@x.example"], "Nguyễn", "Nguyễn Thị Hà\n", kind_id="k")

    assert message.as_bytes().isascii()
    assert message["Content-Transfer-Encoding"] == "quoted-printable"
