"""`lead-service leads erase` and `leads purge`, and the outbox worker's housekeeping: exactly the
matching leads go, with their notifications, request keys and notes (the notes' earlier texts too),
old cookie choices with them, and each says how many; an erasure is on the audit trail."""

import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update

from lead_service.extensions import db
from lead_service.inbox.leads import work
from lead_service.models.leads import ConsentRecord, IdempotencyKey, Lead, OutboxMessage
from lead_service.models.staff import AuditEvent, LeadNote, LeadNoteRevision, StaffUser
from lead_service.outbox import queue
from lead_service.outbox.housekeeping import Housekeeping

from ..audit_cleanup import clear_audit_trail
from ..samples import CONTACT, QUOTE


def test_erase_removes_every_lead_of_an_address_and_nothing_else(client, runner, rows, app):
    client.post(
        "/api/contact", json={**CONTACT, "email": "Mina@Harbor.io"}, headers={"Idempotency-Key": "k1"}
    )
    client.post("/api/quote", json={**QUOTE, "email": "mina@harbor.io"})
    client.post(
        "/api/contact", json={**CONTACT, "email": "someone.else@harbor.io"}, headers={"Idempotency-Key": "k2"}
    )
    with app.app_context():
        author = StaffUser(email="notes@staff.example", name="Notes", role="sales", password_hash="-")
        db.session.add(author)
        db.session.flush()
        author_id = author.id
        for lead in rows("contact"):
            db.session.add(LeadNote(lead_id=lead.id, author_id=author_id, body="Rang"))
        db.session.commit()

    result = runner.invoke(args=["leads", "erase", "--email", " MINA@harbor.io "])

    assert result.exit_code == 0
    assert result.output.strip() == (
        "removed 1 contact message(s), 1 quote request(s), 2 notification(s), 1 request key(s),"
        " 1 note(s) and 0 message(s) sent with MINA@harbor.io"
    )
    with app.app_context():
        assert db.session.scalars(select(IdempotencyKey.key)).all() == ["k2"]
        kept = db.session.scalars(select(LeadNote.lead_id)).all()
        assert kept == [rows("contact")[0].id]
        # On the audit trail by nobody, without the address (inbox/test_erase_api.py has the rest).
        event = db.session.scalars(select(AuditEvent).order_by(AuditEvent.id.desc()).limit(1)).one()
        assert (event.action, event.actor_id) == ("erase", None)
        assert "harbor" not in event.detail.lower()
        clear_audit_trail()
        db.session.execute(db.delete(LeadNote))
        db.session.delete(db.session.get(StaffUser, author_id))
        db.session.commit()
    assert [row.email for row in rows("contact")] == ["someone.else@harbor.io"]
    assert rows("quote") == []
    # The other address's notification stays, and nothing points at an erased lead.
    assert [row.lead_id for row in rows("outbox")] == [rows("contact")[0].id]


def _lead_aged(app, days: int, name: str) -> None:
    with app.app_context():
        db.session.add(
            Lead(
                form="contact",
                name=name,
                email=f"{name}@x.io",
                message="m",
                created_at=datetime.now(UTC) - timedelta(days=days),
            )
        )
        db.session.add(
            Lead(
                form="quote",
                name=name,
                email=f"{name}@x.io",
                phone="+8801712345678",
                project="p",
                budget="1000$ - 5000$ Estimated",
                created_at=datetime.now(UTC) - timedelta(days=days),
            )
        )
        db.session.flush()
        for lead in db.session.scalars(db.select(Lead).filter_by(name=name)):
            queue.enqueue(lead.id)
        db.session.commit()


def _consent_aged(app, days: int) -> None:
    with app.app_context():
        db.session.add(
            ConsentRecord(
                consent_id=str(uuid.uuid4()),
                essential=True,
                analytics=False,
                marketing=False,
                version="2026-01",
                created_at=datetime.now(UTC) - timedelta(days=days),
            )
        )
        db.session.commit()


def test_purge_removes_what_is_older_than_the_days_given(client, runner, rows, app):
    _lead_aged(app, 400, "old")
    _lead_aged(app, 10, "recent")
    _consent_aged(app, 400)
    _consent_aged(app, 10)

    result = runner.invoke(args=["leads", "purge", "--older-than", "365"])

    assert result.exit_code == 0
    assert result.output.startswith(
        "removed 1 contact message(s), 1 quote request(s), 1 cookie choice(s), 2 notification(s),"
        " 0 request key(s), 0 note(s) and 0 message(s) older than 365 days"
    )
    assert [row.name for row in rows("contact")] == [row.name for row in rows("quote")] == ["recent"]
    assert len(rows("consent")) == 1
    assert sorted(row.lead_id for row in rows("outbox")) == sorted(
        [rows("contact")[0].id, rows("quote")[0].id]
    )


def test_erase_and_purge_take_the_notes_earlier_texts_with_them(client, runner, app):
    for days, name in ((400, "old"), (10, "erased"), (10, "kept")):
        _lead_aged(app, days, name)
    with app.app_context():
        author = StaffUser(email="notes@staff.example", name="Notes", role="sales", password_hash="-")
        db.session.add(author)
        db.session.commit()
        for lead in db.session.scalars(select(Lead).where(Lead.form == "contact")).all():
            note = work.add_note(lead.id, f"{lead.name}: rang", author)
            assert work.edit_note(note, f"{lead.name}: rang twice", author)

    assert runner.invoke(args=["leads", "erase", "--email", "erased@x.io"]).exit_code == 0
    assert runner.invoke(args=["leads", "purge", "--older-than", "365"]).exit_code == 0

    with app.app_context():
        assert db.session.scalars(select(LeadNoteRevision.body)).all() == ["kept: rang"]
        clear_audit_trail()
        db.session.execute(db.delete(LeadNoteRevision))
        db.session.execute(db.delete(LeadNote))
        db.session.delete(author)
        db.session.commit()


def test_the_worker_deletes_request_keys_after_24_hours_and_purges_daily(
    client, rows, app, monkeypatch, caplog
):
    client.post("/api/contact", json=CONTACT, headers={"Idempotency-Key": "old-key"})
    client.post("/api/contact", json={**CONTACT, "name": "Later"}, headers={"Idempotency-Key": "new-key"})
    _lead_aged(app, 40, "old")
    _consent_aged(app, 40)
    monkeypatch.setitem(app.config, "LEAD_RETENTION_DAYS", 30)
    with app.app_context():
        db.session.execute(
            update(IdempotencyKey)
            .where(IdempotencyKey.key == "old-key")
            .values(created_at=datetime.now(UTC) - timedelta(hours=25))
        )
        db.session.commit()
        chores = Housekeeping()
        chores.run_due(datetime.now(UTC))
        assert db.session.scalars(select(IdempotencyKey.key)).all() == ["new-key"]
        assert [row.name for row in rows("contact")] == [CONTACT["name"], "Later"]
        assert rows("quote") == [] and rows("consent") == []
        assert (
            "retention purge older_than_days=30 notifications=2 keys=0 notes=0 messages=0 contact=1 quote=1"
            " consent=1" in caplog.text
        )

        # Neither runs again before its time: an hour for keys, a day for the purge.
        _lead_aged(app, 40, "older")
        chores.run_due(datetime.now(UTC) + timedelta(minutes=59))
        assert len(rows("quote")) == 1
        chores.run_due(datetime.now(UTC) + timedelta(days=1, minutes=1))
        assert rows("quote") == []


def _notice_aged(app, days: int, user_id: int) -> None:
    """A staff user's security notice, which names no lead, queued `days` ago."""
    with app.app_context():
        queue.enqueue_security(user_id, "password_changed", {})
        db.session.flush()
        db.session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.recipient_id == user_id)
            .values(created_at=datetime.now(UTC) - timedelta(days=days))
        )
        db.session.commit()


def test_erasure_leaves_staffs_security_notices_and_a_purge_takes_them_at_a_leads_age(
    client, runner, rows, app
):
    _lead_aged(app, 400, "old")
    _notice_aged(app, 400, user_id=1)
    _notice_aged(app, 10, user_id=2)

    erased = runner.invoke(args=["leads", "erase", "--email", "old@x.io"])
    assert erased.exit_code == 0, erased.output
    assert "2 notification(s)" in erased.output
    assert [(row.lead_id, row.recipient_id) for row in rows("outbox")] == [(None, 1), (None, 2)]

    purged = runner.invoke(args=["leads", "purge", "--older-than", "365"])
    assert purged.exit_code == 0, purged.output
    assert "1 notification(s)" in purged.output
    assert [(row.lead_id, row.recipient_id) for row in rows("outbox")] == [(None, 2)]
    with app.app_context():
        clear_audit_trail()
        db.session.commit()


def test_purge_takes_the_configured_retention(client, runner, rows, app, monkeypatch):
    _lead_aged(app, 40, "old")
    monkeypatch.setitem(app.config, "LEAD_RETENTION_DAYS", 30)
    assert runner.invoke(args=["leads", "purge"]).exit_code == 0
    assert rows("contact") == []


def test_purge_without_a_period_is_a_clear_error(client, runner, rows, app, monkeypatch):
    _lead_aged(app, 40, "old")
    monkeypatch.setitem(app.config, "LEAD_RETENTION_DAYS", 0)
    result = runner.invoke(args=["leads", "purge"])
    assert result.exit_code == 2
    assert "LEAD_RETENTION_DAYS" in result.output
    assert len(rows("contact")) == 1


def test_erase_finds_an_address_in_any_script_s_capitals(client, runner, rows, app):
    """Folded by the service, not the database (SQLite's lower() leaves É as it is): the same on
    both databases. Such addresses came in before the quote form checked its e-mail."""
    with app.app_context():
        for address in ("JOSÉ.ÖZ@Straße.example", "jose.oz@strasse.example"):
            db.session.add(Lead(form="contact", name="J", email=address, message="m"))
        stored = {key: value for key, value in QUOTE.items() if key != "phoneCountry"}
        db.session.add(Lead(form="quote", **{**stored, "email": "josé.öz@straße.example"}))
        db.session.commit()

    result = runner.invoke(args=["leads", "erase", "--email", "José.Öz@STRASSE.example"])

    assert result.exit_code == 0
    assert result.output.startswith("removed 1 contact message(s), 1 quote request(s)")
    assert [row.email for row in rows("contact")] == ["jose.oz@strasse.example"]
    assert rows("quote") == []
    with app.app_context():
        clear_audit_trail()
        db.session.commit()
