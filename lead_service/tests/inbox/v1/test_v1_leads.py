"""/api/v1/leads: every lead paged by cursor, each once, under the inbox's filters; one lead with its
notes and conversation; a lead's status, owner and notes changed with a leads:write token."""

import flask_migrate
import pytest
from sqlalchemy import text

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.auth import api_tokens
from lead_service.models.conversation import LeadMessage
from lead_service.models.leads import Lead
from lead_service.models.staff import LeadNote, StaffUser

from ..conftest import T0, quote
from .conftest import TokenClient

HUNDRED_THOUSAND = 100_000


# 100,000 leads made by the database itself, in seconds: three to each second (ties, which the cursor
# breaks by id), every third one spam.
_SERIES = {
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)"
    " SELECT i, strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || (i / 3) || ' seconds') || '000' AS at"
    " FROM n",
    "postgresql": "SELECT i, timestamptz '2026-01-01 00:00:00+00' + (i / 3) * interval '1 second' AS at"
    " FROM generate_series(1, :count) AS i",
}


@pytest.fixture
def hundred_thousand_leads(empty_database, profile_pdf):
    """A database of its own with 100,000 leads, spam among them, and a leads:read token of an
    admin's: the app and a client calling with the token."""
    app = create_app({**empty_database, "TESTING": True, "PROFILE_PDF_PATH": str(profile_pdf)})
    with app.app_context():
        flask_migrate.upgrade()
        series = _SERIES[db.engine.dialect.name]
        db.session.execute(
            text(
                "INSERT INTO leads (form, name, email, email_folded, created_at, spam, status)"
                f" SELECT 'contact', 'Lead ' || i, 'lead' || i || '@x.example', 'lead' || i || '@x.example',"
                f" at, i % 3 = 0, 'new' FROM ({series}) AS made"
            ),
            {"count": HUNDRED_THOUSAND},
        )
        maker = StaffUser(email="sync@staff.example", name="Sync", role="admin", password_hash="not used")
        db.session.add(maker)
        db.session.flush()
        _, token = api_tokens.make("Sync", ["leads:read"], 1, maker)
        db.session.commit()
    yield app, TokenClient(app.test_client(), token)
    with app.app_context():
        db.engine.dispose()


def test_a_read_token_pages_all_100000_leads_by_cursor_and_sees_each_once(hundred_thousand_leads):
    app, caller = hundred_thousand_leads
    seen, cursor, pages = [], None, 0

    while True:
        query = {"spam": "include", "limit": 500} | ({"cursor": cursor} if cursor else {})
        answer = caller.get("/api/v1/leads", query_string=query)
        assert answer.status_code == 200, answer.json
        seen += [lead["id"] for lead in answer.json["leads"]]
        pages += 1
        cursor = answer.json["next"]
        if cursor is None:
            break

    assert len(seen) == HUNDRED_THOUSAND == len(set(seen))
    with app.app_context():
        assert set(seen) == set(db.session.scalars(db.select(Lead.id)))
    assert pages == HUNDRED_THOUSAND // 500


def test_the_list_takes_the_inbox_filters_and_a_page_size(add, api_token, lead):
    caller, _ = api_token("leads:read")
    contacts = [lead(name=f"Ann Number{n}") for n in range(3)]
    (quoted,) = add(quote())

    assert [row["id"] for row in caller.get("/api/v1/leads?form=quote").json["leads"]] == [quoted]
    first = caller.get("/api/v1/leads?form=contact&limit=2").json
    second = caller.get(f"/api/v1/leads?form=contact&limit=2&cursor={first['next']}").json
    assert [row["id"] for row in first["leads"] + second["leads"]] == sorted(contacts, reverse=True)
    assert second["next"] is None
    for bad in ("limit=0", "limit=501", "cursor=nope", "form=other", "status=lost&q=x&by=person"):
        assert caller.get(f"/api/v1/leads?{bad}").status_code == 400, bad


def test_one_lead_comes_with_its_notes_and_conversation(app, add, api_token, lead):
    caller, _ = api_token("leads:read")
    lead_id = lead(created_at=T0)
    with app.app_context():
        author = db.session.scalar(db.select(StaffUser).where(StaffUser.role == "admin"))
        db.session.add(LeadNote(lead_id=lead_id, author_id=author.id, body="Wants a call on Monday"))
        db.session.add(
            LeadMessage(
                lead_id=lead_id,
                direction="out",
                author_id=author.id,
                to_address="ann@acme.example",
                subject="Your enquiry",
                body="Hello Ann",
                message_id="<v1-test@tidewell.example>",
            )
        )
        db.session.commit()

    answer = caller.get(f"/api/v1/leads/{lead_id}")

    assert answer.status_code == 200
    body = answer.json
    assert (body["id"], body["form"], body["received"]) == (lead_id, "contact", "2026-03-10T12:00:00+00:00")
    assert {field["field"]: field["value"] for field in body["fields"]}["email"] == "ann@acme.example"
    assert [note["body"] for note in body["notes"]] == ["Wants a call on Monday"]
    assert [message["body"] for message in body["conversation"]] == ["Hello Ann"]
    assert body["work"]["status"] == "new"
    assert caller.get("/api/v1/leads/999999").status_code == 404


def test_a_write_token_changes_status_and_owner_on_the_version_or_as_it_stands(app, api_token, lead):
    caller, made = api_token("leads:write")
    lead_id = lead()

    changed = caller.patch(f"/api/v1/leads/{lead_id}", json={"status": "contacted"})
    assert changed.status_code == 200
    assert changed.json["work"]["status"] == "contacted" and changed.json["work"]["version"] == 2
    stale = caller.patch(f"/api/v1/leads/{lead_id}", json={"status": "qualified", "version": 1})
    assert stale.status_code == 409
    assert stale.json["leads"][0]["work"]["status"] == "contacted"
    owned = caller.patch(
        f"/api/v1/leads/{lead_id}", json={"owner_id": made["created_by"]["id"], "version": 2}
    )
    assert owned.json["work"]["owner"]["id"] == made["created_by"]["id"]
    assert caller.patch(f"/api/v1/leads/{lead_id}", json={}).status_code == 400
    assert caller.patch(f"/api/v1/leads/{lead_id}", json={"status": "done"}).status_code == 400
    assert caller.patch("/api/v1/leads/999999", json={"status": "lost"}).status_code == 404


def test_a_write_token_adds_a_note_as_its_maker(app, api_token, lead):
    caller, made = api_token("leads:write")
    lead_id = lead()

    added = caller.post(f"/api/v1/leads/{lead_id}/notes", json={"body": "Synced from the CRM"})

    assert added.status_code == 201
    assert added.json["author"] == made["created_by"]
    assert caller.post(f"/api/v1/leads/{lead_id}/notes", json={"body": "  "}).status_code == 400
    assert caller.post("/api/v1/leads/999999/notes", json={"body": "x"}).status_code == 404
