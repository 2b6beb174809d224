"""Working leads through the inbox's API: status and owner on the version the page showed, one lead
or several (all or none), the time to a first response, the list's filters by status, owner and
waiting time, and notes; spam let in or put out; each change on the audit trail; a new owner's
e-mail."""

from datetime import UTC, datetime, timedelta

import pytest

from lead_service.extensions import db
from lead_service.inbox.leads import work
from lead_service.models.leads import Lead, OutboxMessage
from lead_service.models.staff import AuditEvent, LeadNote, StaffUser
from lead_service.outbox import queue
from lead_service.outbox.channels import EmailChannel, WebhookFanout

from ...receivers import SmtpSink
from ...refusals import refusal
from ..conftest import contact, quote

LEAD = "/api/inbox/leads/{}"


def _work(client, lead_id):
    return client.get(LEAD.format(lead_id)).json["work"]


def _stored(app, lead_id):
    with app.app_context():
        lead = db.session.get(Lead, lead_id)
        return lead.status, lead.owner_id, lead.version


def test_a_lead_starts_new_and_its_first_move_out_of_new_is_its_first_response(
    colleague, add, app, audit_trail
):
    client, user_id = colleague()
    [lead_id] = add(contact(at=datetime.now(UTC) - timedelta(hours=3)))
    before = _work(client, lead_id)
    assert before == {
        "spam": False,
        "status": "new",
        "owner": None,
        "version": 1,
        "first_response_at": None,
        "response_seconds": None,
        "next_step": None,
    }

    answer = client.post(f"{LEAD.format(lead_id)}/work", json={"version": 1, "status": "contacted"})

    assert answer.status_code == 200, answer.json
    [changed] = answer.json["leads"]
    assert changed["work"]["status"] == "contacted" and changed["work"]["version"] == 2
    assert 3 * 3600 <= changed["work"]["response_seconds"] < 3 * 3600 + 60
    first = changed["work"]["first_response_at"]
    # Back to new and out again: the first response stays the first.
    client.post(f"{LEAD.format(lead_id)}/work", json={"version": 2, "status": "new"})
    again = client.post(f"{LEAD.format(lead_id)}/work", json={"version": 3, "status": "qualified"})
    assert again.json["leads"][0]["work"]["first_response_at"] == first
    changes = [(action, detail) for action, actor, detail in audit_trail() if action == "status_changed"]
    assert changes == [
        ("status_changed", {"before": "new", "after": "contacted"}),
        ("status_changed", {"before": "contacted", "after": "new"}),
        ("status_changed", {"before": "new", "after": "qualified"}),
    ]
    assert {actor for action, actor, _ in audit_trail() if action == "status_changed"} == {user_id}


def test_a_change_on_a_version_a_colleague_changed_is_refused_with_the_fresh_values(
    colleague, add, app, audit_trail
):
    first, first_id = colleague("sales", "first@staff.example")
    second, _ = colleague("sales", "second@staff.example")
    [lead_id] = add(quote())
    # Both loaded version 1; the first saves.
    assert (
        first.post(f"{LEAD.format(lead_id)}/work", json={"version": 1, "owner_id": first_id}).status_code
        == 200
    )

    refused = second.post(f"{LEAD.format(lead_id)}/work", json={"version": 1, "status": "lost"})

    assert refused.status_code == 409
    assert "nothing was saved" in refused.json["description"]
    [fresh] = refused.json["leads"]
    assert fresh["work"]["owner"] == {"id": first_id, "name": "A sales"}
    assert fresh["work"]["status"] == "new" and fresh["work"]["version"] == 2
    assert _stored(app, lead_id) == ("new", first_id, 2)
    assert [action for action, _, _ in audit_trail() if action.endswith("_changed")] == ["owner_changed"]


def test_several_leads_change_together_or_not_at_all(colleague, add, app):
    client, user_id = colleague()
    other, _ = colleague("admin")
    leads = add(contact("Ann One"), contact("Ben Two"), quote("Cy Three"))
    body = [{"id": lead_id, "version": 1} for lead_id in leads]
    other.post(f"{LEAD.format(leads[1])}/work", json={"version": 1, "status": "won"})

    refused = client.post("/api/inbox/leads/work", json={"leads": body, "status": "contacted"})

    assert refused.status_code == 409
    assert [lead["id"] for lead in refused.json["leads"]] == [leads[1]]
    assert refused.json["leads"][0]["work"]["status"] == "won"
    assert [_stored(app, lead)[0] for lead in leads] == ["new", "won", "new"]

    body[1]["version"] = 2
    done = client.post(
        "/api/inbox/leads/work", json={"leads": body, "status": "contacted", "owner_id": user_id}
    )

    assert done.status_code == 200
    assert [lead["id"] for lead in done.json["leads"]] == leads
    assert [_stored(app, lead) for lead in leads] == [
        ("contacted", user_id, 2),
        ("contacted", user_id, 3),
        ("contacted", user_id, 2),
    ]


def test_an_erased_lead_is_a_404_alone_and_a_conflict_among_others(colleague, add, app):
    client, _ = colleague()
    leads = add(contact("Ann One"), contact("Gone Soon"))
    with app.app_context():
        db.session.delete(db.session.get(Lead, leads[1]))
        db.session.commit()

    assert (
        client.post(f"{LEAD.format(leads[1])}/work", json={"version": 1, "status": "won"}).status_code == 404
    )
    assert client.post(f"{LEAD.format(leads[1])}/spam", json={"version": 1, "spam": True}).status_code == 404
    body = [{"id": lead_id, "version": 1} for lead_id in leads]
    refused = client.post("/api/inbox/leads/work", json={"leads": body, "status": "won"})
    assert refused.status_code == 409
    assert refused.json["leads"] == [{"id": leads[1], "work": None}]
    assert _stored(app, leads[0])[0] == "new"


def test_an_owner_is_someone_in_sales_or_an_admin_who_can_sign_in(colleague, staff_user, add, app):
    client, user_id = colleague()
    viewer = staff_user("viewer")
    gone = staff_user("admin", "gone@staff.example")
    with app.app_context():
        db.session.get(StaffUser, gone).disabled_at = datetime.now(UTC)
        db.session.commit()
    [lead_id] = add(contact())
    url = f"{LEAD.format(lead_id)}/work"

    for owner in (viewer, gone, 10**6):
        refused = client.post(url, json={"version": 1, "owner_id": owner})
        assert refused.status_code == 400
        assert refused.json["errors"] == {
            "owner_id": ["Choose someone from sales or an admin who can sign in."]
        }
    assert client.get("/api/inbox/owners").json == {"owners": [{"id": user_id, "name": "A sales"}]}
    assert client.post(url, json={"version": 1, "owner_id": user_id}).status_code == 200
    assert client.post(url, json={"version": 2, "owner_id": None}).json["leads"][0]["work"]["owner"] is None


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"status": "won"}, {"version": ["Missing data for required field."]}),
        ({"version": 1}, {"status": ["Give a status or an owner."]}),
        ({"version": 1, "status": "done"}, {"status": ["Choose one of the statuses."]}),
        ({"version": "1", "status": "won"}, {"version": ["Not a valid integer."]}),
        ({"version": 1, "owner_id": "3"}, {"owner_id": ["Not a valid integer."]}),
    ],
)
def test_an_invalid_change_is_a_400_naming_the_field(colleague, add, body, errors):
    client, _ = colleague()
    [lead_id] = add(contact())
    answer = client.post(f"{LEAD.format(lead_id)}/work", json=body)
    assert (answer.status_code, refusal(answer)) == (400, {"errors": errors})


@pytest.mark.parametrize(
    "body",
    [
        lambda leads: {"status": "won", "leads": []},
        lambda leads: {"status": "won", "leads": [{"id": n, "version": 1} for n in [*leads, *range(49)]]},
        # A page of before the one table names a lead by its table and its id there, which may be
        # another lead's id now: refused, not taken for that one.
        lambda leads: {"status": "won", "leads": [{"kind": "quote", "id": leads[0], "version": 1}]},
        lambda leads: {"status": "won", "leads": [{"id": 2**40, "version": 1}]},
        lambda leads: {"status": "won", "leads": [{"id": -1, "version": 1}]},
        lambda leads: {"status": "won", "leads": [{"id": str(leads[0]), "version": 1}]},
        lambda leads: {"status": "won", "leads": [{"id": leads[0]}]},
        lambda leads: {
            "status": "won",
            "leads": [{"id": leads[0], "version": 1}, {"id": 999999, "version": 1}],
        },
        lambda leads: {"status": "won", "leads": "all"},
        lambda leads: leads,
    ],
    ids=[
        "none",
        "over a page",
        "a kind, as before",
        "an id no column holds",
        "a negative id",
        "an id as text",
        "no version",
        "with an id no lead has",
        "not a list",
        "not an object",
    ],
)
def test_an_invalid_bulk_change_is_a_400_or_changes_nothing(colleague, add, app, body):
    client, _ = colleague()
    leads = add(contact("Ann One"), quote("Cy Three"))
    answer = client.post("/api/inbox/leads/work", json=body(leads))
    assert answer.status_code in (400, 409)
    assert answer.is_json
    assert [_stored(app, lead_id) for lead_id in leads] == [("new", None, 1)] * 2


def test_the_list_shows_and_filters_by_status_owner_and_waiting_time(colleague, add):
    client, user_id = colleague()
    now = datetime.now(UTC)
    leads = add(
        contact("Old New", at=now - timedelta(hours=30)),
        contact("Fresh New", at=now - timedelta(hours=2)),
        quote("Old Won", at=now - timedelta(hours=40)),
    )
    client.post(f"{LEAD.format(leads[2])}/work", json={"version": 1, "status": "won", "owner_id": user_id})

    def names(query):
        answer = client.get(f"/api/inbox/leads?{query}")
        assert answer.status_code == 200, answer.json
        return [lead["name"] for lead in answer.json["leads"]]

    row = client.get("/api/inbox/leads").json["leads"][-1]
    assert (row["status"], row["owner"], row["version"]) == ("won", {"id": user_id, "name": "A sales"}, 2)
    assert names("status=won") == ["Old Won"]
    assert names(f"owner={user_id}") == ["Old Won"]
    assert names("owner=none") == ["Fresh New", "Old New"]
    assert names("new_for=24") == ["Old New"]
    assert names("new_for=1&q=new") == ["Fresh New", "Old New"]
    assert client.get("/api/inbox/leads?new_for=0").status_code == 400
    assert client.get("/api/inbox/leads?owner=someone").status_code == 400


def test_notes_are_kept_newest_first_and_corrected_by_their_author_for_15_minutes(
    colleague, add, app, audit_trail
):
    author, author_id = colleague("sales", "author@staff.example")
    other, _ = colleague("admin", "other@staff.example")
    [lead_id] = add(contact())
    url = f"{LEAD.format(lead_id)}/notes"

    first = author.post(url, json={"body": "Called, no answer."})
    second = other.post(url, json={"body": "  Rang back:\nwants a quote.  "})

    assert first.status_code == second.status_code == 201
    assert second.json["body"] == "  Rang back:\nwants a quote.  "  # kept as written
    notes = author.get(LEAD.format(lead_id)).json["notes"]
    assert [(note["body"], note["author"]["id"], note["editable"]) for note in notes] == [
        ("  Rang back:\nwants a quote.  ", second.json["author"]["id"], False),
        ("Called, no answer.", author_id, True),
    ]
    note_url = f"/api/inbox/notes/{first.json['id']}"
    assert other.post(note_url, json={"body": "Mine now"}).status_code == 409
    corrected = author.post(note_url, json={"body": "Called twice, no answer."})
    assert corrected.status_code == 200 and corrected.json["edited_at"]

    with app.app_context():
        db.session.get(LeadNote, first.json["id"]).created_at = datetime.now(UTC) - work.NOTE_EDIT_WINDOW
        db.session.commit()
    late = author.post(note_url, json={"body": "Too late"})
    assert late.status_code == 409
    assert late.json["description"] == "Only its author corrects a note, within 15 minutes of writing it."
    assert author.post("/api/inbox/notes/999999", json={"body": "x"}).status_code == 404
    assert author.post(f"/api/inbox/notes/{2**40}", json={"body": "x"}).status_code == 404
    assert [action for action, _, _ in audit_trail() if action.startswith("note_")] == [
        "note_added",
        "note_added",
        "note_edited",
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"body": ""}, "Write the note first."),
        ({"body": " \n "}, "Write the note first."),
        ({"body": "x" * 5001}, "Keep a note to 5000 characters or fewer."),
        ({"body": "bell\x07"}, "This contains characters we cannot accept."),
        ({"body": "\ud800"}, "This contains characters we cannot accept."),
        ({}, "Missing data for required field."),
    ],
)
def test_a_note_is_text_of_a_bounded_length(colleague, add, body, message):
    client, _ = colleague()
    [lead_id] = add(contact())
    answer = client.post(f"{LEAD.format(lead_id)}/notes", json=body)
    assert (answer.status_code, refusal(answer)) == (400, {"errors": {"body": [message]}})


def test_a_lead_with_no_such_id_takes_no_note(colleague, add, app):
    client, _ = colleague()
    [lead_id] = add(contact())
    assert client.post(LEAD.format(999999) + "/notes", json={"body": "x"}).status_code == 404
    assert client.post(LEAD.format(2**40) + "/notes", json={"body": "x"}).status_code == 404
    # The address of before the one table is no lead's now.
    assert client.post(f"/api/inbox/leads/contact/{lead_id}/notes", json={"body": "x"}).status_code == 404
    with app.app_context():
        assert db.session.scalars(db.select(LeadNote)).all() == []


def test_a_lead_erased_before_its_note_takes_none(colleague, add, app, audit_trail):
    client, _ = colleague()
    [lead_id] = add(contact())
    with app.app_context():
        db.session.delete(db.session.get(Lead, lead_id))
        db.session.commit()

    answer = client.post(f"{LEAD.format(lead_id)}/notes", json={"body": "Called."})

    assert answer.status_code == 404
    assert answer.json["code"] == 404
    with app.app_context():
        assert db.session.scalars(db.select(LeadNote)).all() == []
    assert [action for action, _, _ in audit_trail() if action == "note_added"] == []


def test_a_lead_erased_between_its_lookup_and_its_note_is_a_404(
    colleague, add, app, audit_trail, monkeypatch
):
    """The lead found, then erased by another request before the note is written: the note's key
    refuses it, and the answer is the erased lead's 404, not an error."""
    client, _ = colleague()
    [lead_id, other_id] = add(contact(), quote())
    add_note = work.add_note

    def erased_first(erased_id, body, author):
        with db.engine.begin() as connection:  # another request's erasure, committed
            connection.execute(db.delete(Lead).where(Lead.id == erased_id))
        return add_note(erased_id, body, author)

    monkeypatch.setattr(work, "add_note", erased_first)

    answer = client.post(f"{LEAD.format(lead_id)}/notes", json={"body": "Called."})

    assert answer.status_code == 404, answer.json
    assert answer.json["code"] == 404
    with app.app_context():
        assert db.session.get(Lead, lead_id) is None
        assert db.session.scalars(db.select(LeadNote)).all() == []
    assert [action for action, _, _ in audit_trail() if action == "note_added"] == []
    # The session goes on: the next note, on a lead still there, is kept.
    monkeypatch.setattr(work, "add_note", add_note)
    assert client.post(f"{LEAD.format(other_id)}/notes", json={"body": "Called."}).status_code == 201


def test_add_note_on_a_lead_no_longer_there_keeps_nothing(colleague, add, app):
    _, user_id = colleague()
    [lead_id, kept_id] = add(contact(), quote())
    with app.app_context():
        db.session.delete(db.session.get(Lead, lead_id))
        db.session.commit()
        author = db.session.get(StaffUser, user_id)

        assert work.add_note(lead_id, "Called.", author) is None
        assert work.add_note(999999, "Called.", author) is None

        assert db.session.scalars(db.select(LeadNote)).all() == []
        assert db.session.scalars(db.select(AuditEvent).where(AuditEvent.action == "note_added")).all() == []
        # The session is usable after: a note on a lead that is there is kept.
        note = work.add_note(kept_id, "Called.", author)
        assert (note.lead_id, note.body) == (kept_id, "Called.")
        assert [event.lead_id for event in db.session.scalars(db.select(AuditEvent))] == [kept_id]


# Spam review --------------------------------------------------------------------------------------


def _notifications(app, lead_id):
    with app.app_context():
        rows = db.session.scalars(
            db.select(OutboxMessage).where(
                OutboxMessage.lead_id == lead_id, OutboxMessage.purpose == "new_lead"
            )
        )
        return [row.status for row in rows]


def test_a_lead_let_in_from_spam_gets_the_notification_it_never_had_once(colleague, add, app, audit_trail):
    client, _ = colleague()
    [lead_id] = add(contact(spam=True))
    url = f"{LEAD.format(lead_id)}/spam"
    assert client.get("/api/inbox/leads").json["leads"] == []

    answer = client.post(url, json={"spam": False, "version": 1})

    assert answer.status_code == 200, answer.json
    assert answer.json["leads"][0]["work"]["spam"] is False
    assert _notifications(app, lead_id) == ["pending"]
    assert [lead["id"] for lead in client.get("/api/inbox/leads").json["leads"]] == [lead_id]
    assert client.get(LEAD.format(lead_id)).json["notification"]["status"] == "pending"
    # Out and in again: still one notification.
    client.post(url, json={"spam": True, "version": 2})
    client.post(url, json={"spam": False, "version": 3})
    assert _notifications(app, lead_id) == ["pending"]
    assert [action for action, _, _ in audit_trail() if action.startswith("marked_")] == [
        "marked_not_spam",
        "marked_spam",
        "marked_not_spam",
    ]


def test_a_lead_put_out_as_spam_is_not_told_of_unless_it_was(colleague, add, app):
    client, _ = colleague()
    waiting, told = add(contact("Wait Ing"), quote("Told Already"))
    with app.app_context():
        db.session.add_all(
            [
                OutboxMessage(lead_id=waiting),
                OutboxMessage(lead_id=told, status="delivered"),
            ]
        )
        db.session.commit()

    for lead in (waiting, told):
        assert client.post(f"{LEAD.format(lead)}/spam", json={"spam": True, "version": 1}).status_code == 200

    assert _notifications(app, waiting) == []
    assert _notifications(app, told) == ["delivered"]
    assert client.get("/api/inbox/leads?spam=only").json["counts"] == {
        "contact": 1,
        "caseStudiesContact": 0,
        "quote": 1,
    }
    stale = client.post(f"{LEAD.format(waiting)}/spam", json={"spam": False, "version": 1})
    assert stale.status_code == 409
    assert stale.json["leads"][0]["work"]["spam"] is True


# A new owner's e-mail -------------------------------------------------------------------------------


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


def _deliver(app, sink) -> int:
    """The outbox worker's step, by e-mail to `sink` and a webhook, until nothing is due."""
    channels = (
        EmailChannel(
            "127.0.0.1", sink.port, "none", "", "", "Leads <leads@tidewell.example>", ["sales@x.example"], 5
        ),
        WebhookFanout(),
    )
    handled = 0
    with app.app_context():
        while queue.deliver_next(channels):
            handled += 1
    return handled


def _assignments(app):
    with app.app_context():
        rows = db.session.scalars(db.select(OutboxMessage).where(OutboxMessage.purpose == "assigned"))
        return [(row.lead_id, row.recipient_id, row.status) for row in rows]


def test_a_new_owner_is_told_by_e_mail_and_nobody_else(colleague, add, app, smtp, monkeypatch):
    client, user_id = colleague("admin")
    owner = colleague("sales", "ana@tidewell.example")[1]
    [lead_id] = add(contact("Ann\r\nBcc: victim@x.example"))

    client.post(f"{LEAD.format(lead_id)}/work", json={"version": 1, "owner_id": owner})
    assert _assignments(app) == [(lead_id, owner, "pending")]
    monkeypatch.setitem(app.config, "INBOX_URL", "https://inbox.tidewell.example")  # where it links the lead
    assert _deliver(app, smtp) == 1

    [message] = smtp.messages
    assert smtp.envelopes[0][1] == ["ana@tidewell.example"]
    assert message["Subject"] == "A lead for you: Ann Bcc: victim@x.example"
    assert message["Bcc"] is None
    assert f"https://inbox.tidewell.example/inbox/leads/{lead_id}\r\n" in message.get_content()
    assert _assignments(app) == [(lead_id, owner, "delivered")]
    # The lead's own notification is another thing: its page says nothing of this one.
    assert client.get(LEAD.format(lead_id)).json["notification"] is None

    client.post(f"{LEAD.format(lead_id)}/work", json={"version": 2, "owner_id": user_id})
    assert len(_assignments(app)) == 1  # taking a lead yourself tells nobody


def test_an_owner_replaced_before_the_e_mail_went_is_not_told(colleague, staff_user, add, app, smtp):
    client, _ = colleague("admin")
    first = staff_user("sales", "first@tidewell.example")
    second = staff_user("sales", "second@tidewell.example")
    [lead_id] = add(quote())
    client.post(f"{LEAD.format(lead_id)}/work", json={"version": 1, "owner_id": first})
    client.post(f"{LEAD.format(lead_id)}/work", json={"version": 2, "owner_id": second})

    assert _deliver(app, smtp) == 2

    assert [envelope[1] for envelope in smtp.envelopes] == [["second@tidewell.example"]]
    assert _assignments(app) == [(lead_id, second, "delivered")]
