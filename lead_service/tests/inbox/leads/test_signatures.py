"""Each user's signature: kept on their account (trimmed, plain text of a bounded length, on the
audit trail), given with their session, and ending each of their replies, in the conversation as in
the e-mail; removed by sending it empty."""

import pytest

from ..conftest import contact

SIGNATURE = "/api/inbox/account/signature"
SIGNED = "Ana Silva\nSales, Tidewell Digital\n+880 1712 345678"


@pytest.fixture(autouse=True)
def sales_address(app, monkeypatch):
    monkeypatch.setitem(app.config, "SALES_EMAIL", "sales@tidewell.example")


def test_a_reply_ends_with_its_writers_signature_in_the_conversation_and_the_email(
    signed_in, add, emailed, audit_trail
):
    client = signed_in("sales")
    [lead_id] = add(contact("Ann Contact"))

    kept = client.post(SIGNATURE, json={"signature": f"\n{SIGNED}  \n\n"})
    assert kept.json == {"signature": SIGNED}
    assert client.get("/api/inbox/session").json["user"]["signature"] == SIGNED
    written = client.post(f"/api/inbox/leads/{lead_id}/replies", json={"body": "When may we call?\n"})

    assert written.json["body"] == f"When may we call?\n\n-- \n{SIGNED}"
    [sent] = [message for message in emailed().messages if message["Subject"].startswith("Your contact")]
    assert sent.get_content().replace("\r\n", "\n").endswith(f"When may we call?\n\n-- \n{SIGNED}\n")
    assert [detail for action, _, detail in audit_trail() if action == "signature_changed"] == [
        {"length": len(SIGNED)}
    ]


def test_an_empty_signature_removes_it(signed_in, add):
    client = signed_in("sales")
    [lead_id] = add(contact("Ann Contact"))
    client.post(SIGNATURE, json={"signature": SIGNED})

    assert client.post(SIGNATURE, json={"signature": " \n "}).json == {"signature": None}
    written = client.post(f"/api/inbox/leads/{lead_id}/replies", json={"body": "Hello."})
    assert written.json["body"] == "Hello."


@pytest.mark.parametrize("signature", ["x" * 501, "Ana\x00Silva", 42])
def test_a_signature_is_plain_text_of_a_bounded_length(signed_in, signature):
    answer = signed_in("viewer").post(SIGNATURE, json={"signature": signature})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["signature"]
