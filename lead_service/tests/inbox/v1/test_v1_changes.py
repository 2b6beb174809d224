"""/api/v1/changes: each lead changed since a moment, as it now stands, and each lead erased as a
tombstone with nothing of the person; page after page by cursor, missing nothing, even a change
committed after a later one."""

import json
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text, update

from lead_service import retention
from lead_service.extensions import db
from lead_service.inbox.v1.changes import HORIZON, ChangeCursor
from lead_service.models.leads import Lead, LeadChange
from lead_service.outbox.housekeeping import Housekeeping


def _settled(app):
    """Waits until every change committed so far can be read. On PostgreSQL a change shows once
    every transaction older than it has ended, anywhere on the server (another test's among them)."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            return
        deadline = time.monotonic() + 30
        while db.session.scalar(text(f"SELECT count(*) FROM lead_changes WHERE xid >= ({HORIZON})")):
            db.session.rollback()  # a fresh snapshot
            assert time.monotonic() < deadline, "a transaction on the server held the changes back"
            time.sleep(0.05)
        db.session.rollback()


def _page(caller, **query):
    """The page of changes the query asks for, once every change so far can be read."""
    _settled(caller.client.application)
    answer = caller.get("/api/v1/changes", query_string=query)
    assert answer.status_code == 200, answer.json
    return answer.json


def _all_changes(caller, cursor):
    """Every page from the cursor until an empty one: the changes and the cursor to go on from."""
    changes = []
    while True:
        page = _page(caller, cursor=cursor, limit=2)
        if not page["changes"]:
            assert page["next"] == cursor  # nothing new: ask again later from the same place
            return changes, cursor
        changes += page["changes"]
        cursor = page["next"]


def _cursor_now(caller):
    """Where a sync that starts now goes on from: past every change so far."""
    _, cursor = _all_changes(caller, caller.get("/api/v1/changes?limit=500").json["next"])
    return cursor


def test_a_change_and_an_erasure_come_in_order_the_erasure_as_a_tombstone(app, api_token, lead):
    caller, _ = api_token("leads:read", "leads:write")
    kept, erased = lead(name="Kim Kept"), lead(name="Eve Erased", email="eve@acme.example")
    cursor = _cursor_now(caller)

    caller.patch(f"/api/v1/leads/{kept}", json={"status": "contacted"})
    caller.post(f"/api/v1/leads/{erased}/notes", json={"body": "Asked to be forgotten"})
    with app.app_context():
        retention.erase("eve@acme.example")
    changes, _ = _all_changes(caller, cursor)

    # As a sync applies them, in order: a lead may come again on a later page, as it then stood.
    applied = {change["lead_id"]: change for change in changes}
    assert [(lead_id, change["erased"]) for lead_id, change in applied.items()] == [
        (kept, False),
        (erased, True),
    ]
    assert applied[kept]["lead"]["status"] == "contacted" and applied[kept]["lead"]["name"] == "Kim Kept"
    tombstone = applied[erased]
    assert set(tombstone) == {"lead_id", "changed_at", "erased", "lead"} and tombstone["lead"] is None
    assert "eve" not in json.dumps(tombstone).lower()


def test_each_lead_comes_once_a_page_at_its_latest_state(app, api_token, lead):
    caller, _ = api_token("leads:read", "leads:write")
    first, second = lead(name="Ann One"), lead(name="Bob Two")
    cursor = _cursor_now(caller)
    for lead_id, status in ((first, "contacted"), (second, "contacted"), (first, "qualified")):
        caller.patch(f"/api/v1/leads/{lead_id}", json={"status": status})

    page = _page(caller, cursor=cursor, limit=10)

    assert [(change["lead_id"], change["lead"]["status"]) for change in page["changes"]] == [
        (second, "contacted"),
        (first, "qualified"),
    ]


def test_a_bulk_statement_and_a_new_lead_are_changes_too(app, api_token, lead):
    caller, _ = api_token("leads:read")
    owned = lead(name="Ann Owned")
    cursor = _cursor_now(caller)

    with app.app_context():
        db.session.execute(update(Lead).where(Lead.id == owned).values(spam=True))
        db.session.commit()
    arrived = lead(name="Nia New")
    changes, _ = _all_changes(caller, cursor)

    assert [change["lead_id"] for change in changes] == [owned, arrived]
    assert changes[0]["lead"]["spam"] is True


def test_a_first_sync_starts_from_a_moment(app, api_token, lead):
    caller, _ = api_token("leads:read")
    lead(name="Old Before")
    moment = datetime.now(UTC) + timedelta(milliseconds=5)
    threading.Event().wait(0.05)
    after = lead(name="New After")

    page = _page(caller, since=moment.isoformat())

    assert [change["lead_id"] for change in page["changes"]] == [after]
    for bad in ("since=yesterday", "since=2026-01-01T00:00:00", "cursor=1", "cursor=a.b", "limit=0"):
        assert caller.get(f"/api/v1/changes?{bad}").status_code == 400, bad


def test_a_change_committed_after_a_later_one_is_not_passed_over(app, api_token, lead):
    """PostgreSQL hands out ids as transactions insert: a transaction that began first may commit its
    change after a later one's. A sync must not step past it."""
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite commits one writer at a time, in id order")
    caller, _ = api_token("leads:read")
    slow, quick = lead(name="Sam Slow"), lead(name="Quin Quick")
    cursor = _cursor_now(caller)

    with app.app_context(), db.engine.connect() as first:
        transaction = first.begin()
        first.execute(update(Lead).where(Lead.id == slow).values(status="lost"))  # the smaller id
        with app.app_context():
            db.session.execute(update(Lead).where(Lead.id == quick).values(status="won"))
            db.session.commit()
        meanwhile = caller.get("/api/v1/changes", query_string={"cursor": cursor}).json
        transaction.commit()
    changes, _ = _all_changes(caller, cursor)

    # Neither yet: the running transaction holds the horizon, and the cursor stays where it was.
    assert (meanwhile["changes"], meanwhile["next"]) == ([], cursor)
    assert [change["lead_id"] for change in changes] == [slow, quick]


def test_the_journal_keeps_30_days_and_a_sync_from_before_is_told_to_copy_again(app, api_token, lead):
    caller, _ = api_token("leads:read")
    old, recent = lead(name="Olga Old"), lead(name="Rita Recent")
    with app.app_context():
        month_ago = datetime.now(UTC) - timedelta(days=31)
        db.session.execute(update(LeadChange).where(LeadChange.lead_id == old).values(changed_at=month_ago))
        db.session.commit()
        Housekeeping().run_due(datetime.now(UTC))
        kept = set(db.session.scalars(select(LeadChange.lead_id)))
        assert old not in kept and recent in kept
        stale = ChangeCursor(0, 1, month_ago).encode()

    for query in ({"cursor": stale}, {"since": month_ago.isoformat()}):
        answer = caller.get("/api/v1/changes", query_string=query)
        assert answer.status_code == 410
        assert answer.json["description"].startswith("The changes from then are no longer kept")
