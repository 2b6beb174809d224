"""The sales mailbox's answers that wait for a person: admins alone read the messages set aside, file
one into the lead it answers or another (its owner told, on the audit trail) or dismiss it, each
once; sales and admins confirm an answer from an address other than the lead's, and only then is
its owner told, once."""

from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.models.conversation import LeadMessage, SetAsideMessage
from lead_service.models.leads import OutboxMessage

from ..conftest import contact

SALES = "sales@tidewell.example"
UNFILED = "/api/inbox/unfiled"
LEAD = "/api/inbox/leads/{}"
BRIEF = {"name": "brief.pdf", "size": 2048}
T1 = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def no_set_aside_left(app, no_staff_left):
    """The set-aside messages go before the staff who resolved them (no_staff_left's clean-up)."""
    yield
    with app.app_context():
        db.session.execute(db.delete(SetAsideMessage))
        db.session.commit()


@pytest.fixture
def sales_address(app, monkeypatch):
    monkeypatch.setitem(app.config, "SALES_EMAIL", SALES)


def set_aside(lead_id: int | None, uid: int = 1, at: datetime = T1, **values) -> SetAsideMessage:
    """A message as the mailbox's reader sets one aside, answering `lead_id`'s conversation."""
    sender = values.pop("sender", "ann@acme.example")
    return SetAsideMessage(
        **{
            "folder": "INBOX",
            "uid_validity": 7,
            "uid": uid,
            "set_aside_at": at,
            "received_at": at - timedelta(minutes=5),
            "reason": "Its handling took too long.",
            "lead_id": lead_id,
            "message_id": f"<answer.{uid}@acme.example>",
            "in_reply_to": "<reply.1@tidewell.example>",
            "reference_ids": "<reply.1@tidewell.example>",
            "sender": sender,
            "sender_folded": sender.casefold(),
            "subject": "Re: Your contact message to Tidewell Digital",
            "body": "Thursday at ten suits us.",
            "attachments": [BRIEF],
            **values,
        }
    )


def answer_from(lead_id: int, sender: str = "assistant@acme.example", other: bool = True) -> LeadMessage:
    """An answer the reader filed into the lead's conversation, from `sender`."""
    return LeadMessage(
        lead_id=lead_id,
        direction="in",
        created_at=T1,
        to_address=SALES,
        from_address=sender,
        from_folded=sender,
        from_other_address=other,
        subject="Re: Your contact message to Tidewell Digital",
        body="Ann asked me to say Thursday suits her.",
        message_id=f"<other.{sender}.{lead_id}@acme.example>",
    )


def notices(app, lead_id: int) -> list[int]:
    """The lead messages its owner is told of, in the order they were queued."""
    with app.app_context():
        return db.session.scalars(
            db.select(OutboxMessage.lead_message_id)
            .where(OutboxMessage.lead_id == lead_id, OutboxMessage.purpose == "reply_received")
            .order_by(OutboxMessage.id)
        ).all()


def test_only_admins_read_file_and_dismiss_set_aside_messages(signed_in, add):
    [lead_id] = add(contact())
    [row] = add(set_aside(lead_id))
    for role in ("viewer", "sales"):
        client = signed_in(role, f"{role}@refused.example")
        answers = [
            client.get(UNFILED),
            client.get(f"{UNFILED}/{row}"),
            client.post(f"{UNFILED}/{row}/file", json={}),
            client.post(f"{UNFILED}/{row}/dismiss"),
        ]
        assert [answer.status_code for answer in answers] == [403] * 4, role
        assert answers[0].json["description"] == "Your role may not do this."

    assert signed_in("admin").get(UNFILED).json["total"] == 1


def test_an_admin_lists_the_waiting_messages_most_recent_first_with_the_start_of_each(signed_in, add):
    [lead_id] = add(contact("Ann Contact"))
    long_text = "Line one.\n" + "x" * 600
    older, gone, long, resolved = add(
        set_aside(lead_id, 1, T1),
        set_aside(None, 2, T1 + timedelta(hours=1), sender="", subject="", attachments=None),
        set_aside(lead_id, 3, T1 + timedelta(hours=2), body=long_text),
        set_aside(lead_id, 4, T1 + timedelta(hours=3), resolved_at=T1, resolution="dismissed"),
    )

    listed = signed_in("admin").get(UNFILED)

    assert listed.status_code == 200
    assert listed.json["total"] == 3
    assert [item["id"] for item in listed.json["messages"]] == [long, gone, older]
    assert resolved not in [item["id"] for item in listed.json["messages"]]
    first = listed.json["messages"][2]
    assert first == {
        "id": older,
        "set_aside_at": "2026-11-20T09:30:00+00:00",
        "received_at": "2026-11-20T09:25:00+00:00",
        "reason": "Its handling took too long.",
        "sender": "ann@acme.example",
        "subject": "Re: Your contact message to Tidewell Digital",
        "excerpt": "Thursday at ten suits us.",
        "attachments": [BRIEF],
        "lead": {"id": lead_id, "name": "Ann Contact"},
    }
    assert listed.json["messages"][0]["excerpt"] == long_text[:500] + "…"
    assert listed.json["messages"][1]["lead"] is None
    assert listed.json["messages"][1]["attachments"] == []


def test_one_message_is_read_with_all_of_its_text_and_what_became_of_it(signed_in, add, audit_trail):
    [lead_id] = add(contact())
    long_text = "y" * 20_000
    [row] = add(set_aside(lead_id, body=long_text))
    admin = signed_in("admin")

    waiting = admin.get(f"{UNFILED}/{row}")
    assert waiting.status_code == 200
    assert waiting.json["body"] == long_text
    assert waiting.json["resolved"] is None
    assert "excerpt" not in waiting.json

    assert admin.post(f"{UNFILED}/{row}/dismiss").status_code == 204
    resolved = admin.get(f"{UNFILED}/{row}").json["resolved"]
    assert resolved["resolution"] == "dismissed"
    assert resolved["by"]["name"] == "A admin"
    # What a stranger wrote is read on the trail, as a lead is.
    admin.get(UNFILED)
    read = [(action, detail) for action, _, detail in audit_trail() if action.startswith("unfiled_")]
    assert read == [
        ("unfiled_viewed", {"set_aside_id": row}),
        ("unfiled_viewed", {"set_aside_id": row}),
        ("unfiled_listed", {"rows": 0}),
    ]


def test_a_message_filed_into_the_lead_it_answers_joins_its_conversation_and_its_owner_is_told(
    signed_in, add, app, audit_trail, sales_address
):
    [lead_id] = add(contact("Ann Contact"))
    [row] = add(set_aside(lead_id))
    admin = signed_in("admin")

    filed = admin.post(f"{UNFILED}/{row}/file", json={})

    assert filed.status_code == 201
    message_id = filed.json["message_id"]
    assert filed.json == {"message_id": message_id, "lead_id": lead_id}
    [answer] = admin.get(LEAD.format(lead_id)).json["conversation"]
    assert answer["id"] == message_id
    assert answer["direction"] == "in"
    assert answer["from"] == "ann@acme.example"
    assert answer["to"] == SALES
    assert answer["at"] == "2026-11-20T09:25:00+00:00"
    assert answer["body"] == "Thursday at ten suits us."
    assert answer["attachments"] == [BRIEF]
    assert answer["from_other_address"] is False
    assert answer["confirmed"]["by"]["name"] == "A admin"
    assert notices(app, lead_id) == [message_id]
    assert ("set_aside_filed", {"set_aside_id": row, "message_id": message_id}) in [
        (action, detail) for action, _, detail in audit_trail()
    ]
    assert admin.get(UNFILED).json == {"messages": [], "total": 0}
    with app.app_context():
        assert db.session.get(LeadMessage, message_id).message_id == "<answer.1@acme.example>"


def test_a_message_filed_into_another_lead_is_that_leads_and_marked_from_another_address(
    signed_in, add, sales_address, app
):
    answered, chosen = add(contact("Ann Contact"), contact("Bea Other"))
    [row] = add(set_aside(answered))
    admin = signed_in("admin")

    filed = admin.post(f"{UNFILED}/{row}/file", json={"lead_id": chosen})

    assert filed.status_code == 201
    assert filed.json["lead_id"] == chosen
    assert admin.get(LEAD.format(answered)).json["conversation"] == []
    [answer] = admin.get(LEAD.format(chosen)).json["conversation"]
    assert answer["id"] == filed.json["message_id"]
    # Not Bea's address, but an admin vouched for it: her owner is told at once.
    assert answer["from_other_address"] is True
    assert answer["confirmed"]["by"]["name"] == "A admin"
    assert notices(app, chosen) == [answer["id"]]
    assert notices(app, answered) == []


def test_a_message_whose_lead_was_erased_is_filed_only_into_a_lead_named(signed_in, add, sales_address):
    [lead_id] = add(contact())
    [row] = add(set_aside(None))
    admin = signed_in("admin")

    refused = admin.post(f"{UNFILED}/{row}/file", json={"lead_id": None})

    assert refused.status_code == 400
    assert refused.json["errors"] == {
        "lead_id": ["Give the id of the lead to file it into: the lead it answered was erased."]
    }
    assert admin.get(UNFILED).json["total"] == 1
    assert admin.post(f"{UNFILED}/{row}/file", json={"lead_id": lead_id}).status_code == 201


def test_a_dismissed_message_leaves_the_list_and_nobody_is_told(signed_in, add, app, audit_trail):
    [lead_id] = add(contact())
    [row] = add(set_aside(lead_id))
    admin = signed_in("admin")

    assert admin.post(f"{UNFILED}/{row}/dismiss").status_code == 204

    assert admin.get(UNFILED).json["total"] == 0
    assert notices(app, lead_id) == []
    assert admin.get(LEAD.format(lead_id)).json["conversation"] == []
    admin_id = next(actor for action, actor, _ in audit_trail() if action == "set_aside_dismissed")
    assert ("set_aside_dismissed", admin_id, {"set_aside_id": row}) in audit_trail()
    with app.app_context():
        assert db.session.get(SetAsideMessage, row).resolved_by == admin_id


def test_a_message_is_filed_or_dismissed_once(signed_in, add, app, sales_address):
    [lead_id] = add(contact())
    filed, dismissed = add(set_aside(lead_id, 1), set_aside(lead_id, 2))
    admin = signed_in("admin")
    assert admin.post(f"{UNFILED}/{filed}/file", json={}).status_code == 201
    assert admin.post(f"{UNFILED}/{dismissed}/dismiss").status_code == 204

    again = [
        admin.post(f"{UNFILED}/{filed}/file", json={}),
        admin.post(f"{UNFILED}/{filed}/dismiss"),
        admin.post(f"{UNFILED}/{dismissed}/file", json={}),
        admin.post(f"{UNFILED}/{dismissed}/dismiss"),
    ]

    assert [answer.status_code for answer in again] == [409] * 4
    assert [answer.json["description"] for answer in again] == [
        "This message was filed already.",
        "This message was filed already.",
        "This message was dismissed already.",
        "This message was dismissed already.",
    ]
    assert len(admin.get(LEAD.format(lead_id)).json["conversation"]) == 1
    assert len(notices(app, lead_id)) == 1


def test_no_such_message_or_lead_is_a_404_and_the_message_waits_on(signed_in, add, sales_address):
    [lead_id] = add(contact())
    [row] = add(set_aside(lead_id))
    admin = signed_in("admin")

    for missing in (row + 1, 2**40):
        assert admin.get(f"{UNFILED}/{missing}").status_code == 404
        assert admin.post(f"{UNFILED}/{missing}/file", json={}).status_code == 404
        assert admin.post(f"{UNFILED}/{missing}/dismiss").status_code == 404
    no_lead = admin.post(f"{UNFILED}/{row}/file", json={"lead_id": lead_id + 1})

    assert no_lead.status_code == 404
    assert no_lead.json["description"] == "There is no such lead: it may have been erased."
    assert admin.get(f"{UNFILED}/{row + 1}").json["description"] == "There is no such message set aside."
    assert admin.get(UNFILED).json["total"] == 1
    assert admin.get(LEAD.format(lead_id)).json["conversation"] == []


def test_without_a_sales_address_nothing_is_filed(signed_in, add):
    [lead_id] = add(contact())
    [row] = add(set_aside(lead_id))
    admin = signed_in("admin")

    refused = admin.post(f"{UNFILED}/{row}/file", json={})

    assert refused.status_code == 409
    assert "SALES_EMAIL" in refused.json["description"]
    assert admin.get(UNFILED).json["total"] == 1


def test_an_answer_from_another_address_is_marked_and_its_owner_told_once_it_is_confirmed(
    signed_in, colleague, add, app, audit_trail
):
    [lead_id] = add(contact("Ann Contact"))
    [answer_id] = add(answer_from(lead_id))
    viewer = signed_in("viewer")
    [shown] = viewer.get(LEAD.format(lead_id)).json["conversation"]
    assert shown["from_other_address"] is True
    assert shown["confirmed"] is None
    assert viewer.post(f"{LEAD.format(lead_id)}/messages/{answer_id}/confirm").status_code == 403
    assert notices(app, lead_id) == []
    sales, sales_id = colleague("sales")

    confirmed = sales.post(f"{LEAD.format(lead_id)}/messages/{answer_id}/confirm")

    assert confirmed.status_code == 200
    assert confirmed.json["id"] == answer_id
    assert confirmed.json["confirmed"]["by"] == {"id": sales_id, "name": "A sales"}
    assert notices(app, lead_id) == [answer_id]
    assert ("answer_confirmed", sales_id, {"message_id": answer_id}) in audit_trail()
    [shown] = viewer.get(LEAD.format(lead_id)).json["conversation"]
    assert shown["confirmed"] == confirmed.json["confirmed"]
    admin, _ = colleague("admin")
    again = admin.post(f"{LEAD.format(lead_id)}/messages/{answer_id}/confirm")
    assert again.status_code == 409
    assert again.json["description"] == "Someone confirmed this answer already."
    assert notices(app, lead_id) == [answer_id]


def test_only_an_answer_from_another_address_in_the_leads_own_conversation_is_confirmed(signed_in, add, app):
    lead_id, other_lead = add(contact("Ann Contact"), contact("Bea Other"))
    theirs, elsewhere = add(answer_from(lead_id, "ann@acme.example", other=False), answer_from(other_lead))
    with app.app_context():
        reply = LeadMessage(
            lead_id=lead_id,
            direction="out",
            to_address="ann@acme.example",
            subject="Your contact message",
            body="Hello",
            message_id="<reply.9@tidewell.example>",
        )
        db.session.add(reply)
        db.session.commit()
        reply_id = reply.id
    sales = signed_in("sales")

    refused = [
        sales.post(f"{LEAD.format(lead_id)}/messages/{message}/confirm")
        for message in (theirs, elsewhere, reply_id, elsewhere + 100, 2**40)
    ]

    assert [answer.status_code for answer in refused] == [404] * 5
    assert refused[0].json["description"] == (
        "The lead's conversation has no such answer from another address."
    )
    [own, out] = sales.get(LEAD.format(lead_id)).json["conversation"]
    assert own["from_other_address"] is False and own["confirmed"] is None
    assert out["from_other_address"] is False and out["confirmed"] is None
    assert notices(app, lead_id) == notices(app, other_lead) == []
