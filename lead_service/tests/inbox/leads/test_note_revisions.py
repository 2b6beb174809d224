"""A note's corrections keep the texts they replace: the lead's answer says a note was corrected
and lists its earlier texts, oldest first; a correction made on a text that changed since it was
read saves nothing, so that no text is lost between two."""

from sqlalchemy import update

from lead_service.extensions import db
from lead_service.inbox.leads import work
from lead_service.models.staff import LeadNote, LeadNoteRevision, StaffUser

from ..conftest import contact

LEAD = "/api/inbox/leads/{}"


def test_each_correction_keeps_the_text_it_replaced_in_order(signed_in, add, app, audit_trail):
    client = signed_in("sales")
    [lead_id] = add(contact())
    written = client.post(f"{LEAD.format(lead_id)}/notes", json={"body": "Called, no answer."}).json
    assert (written["edited_at"], written["revisions"]) == (None, [])
    note_url = f"/api/inbox/notes/{written['id']}"

    first = client.post(note_url, json={"body": "Called twice, no answer."})
    second = client.post(note_url, json={"body": "Called three times."})

    assert first.status_code == second.status_code == 200
    assert first.json["revisions"] == [{"body": "Called, no answer.", "replaced_at": first.json["edited_at"]}]
    [note] = client.get(LEAD.format(lead_id)).json["notes"]
    assert note == second.json
    assert (note["body"], note["edited_at"]) == ("Called three times.", second.json["edited_at"])
    assert note["revisions"] == [
        {"body": "Called, no answer.", "replaced_at": first.json["edited_at"]},
        {"body": "Called twice, no answer.", "replaced_at": second.json["edited_at"]},
    ]
    with app.app_context():
        replaced_by = set(db.session.scalars(db.select(LeadNoteRevision.replaced_by)))
    assert replaced_by == {note["author"]["id"]}
    assert [action for action, _, _ in audit_trail() if action.startswith("note_")] == [
        "note_added",
        "note_edited",
        "note_edited",
    ]


def test_a_correction_on_a_text_changed_since_it_was_read_saves_nothing(signed_in, add, app, audit_trail):
    client = signed_in("sales")
    [lead_id] = add(contact())
    written = client.post(f"{LEAD.format(lead_id)}/notes", json={"body": "Called."}).json
    with app.app_context():
        note = work.note(written["id"])
        author = db.session.get(StaffUser, note.author_id)
        # Another request's correction, committed after this one read the note.
        with db.engine.begin() as connection:
            connection.execute(update(LeadNote).where(LeadNote.id == note.id).values(body="Called back."))

        assert not work.edit_note(note, "Called again.", author)

        assert db.session.get(LeadNote, written["id"]).body == "Called back."
        assert db.session.scalars(db.select(LeadNoteRevision)).all() == []
    assert [action for action, _, _ in audit_trail()] == ["note_added"]
