"""Migration 0020 moves every lead of the two old tables into one, with everything that pointed at
them, on both databases: every row accounted for."""

from datetime import UTC, datetime, timedelta

import flask_migrate
import pytest
from sqlalchemy import delete, func, inspect, select, text
from sqlalchemy.exc import DatabaseError

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.leads import page
from lead_service.inbox.leads.filters import Filters
from lead_service.inbox.leads.highlight import terms
from lead_service.models.leads import IdempotencyKey, Lead, LeadAddress, OutboxMessage
from lead_service.models.staff import LeadNote, LeadNoteRevision

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SHARED = "email_folded, created_at, page, spam, status, owner_id, version, first_response_at, utm_source"

# (table, old id, minutes after T0, status, owner, version): the contact leads and quotes
# interleave in time, and two share one moment, so the new ids' order is the leads' arrival.
CONTACTS = [(1, 0, "new", None, 1), (2, 20, "contacted", 1, 3), (5, 40, "won", 1, 2)]
QUOTES = [(1, 10, "qualified", None, 2), (2, 20, "new", None, 1), (9, 50, "lost", 1, 4)]


def _at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def _fill_at_0019() -> None:
    run = db.session.execute
    run(
        text(
            "INSERT INTO staff_users (id, email, name, role, password_hash, created_at, password_changed_at)"
            " VALUES (1, 'sales@staff.example', 'Sam', 'sales', 'x', :at, :at)"
        ),
        {"at": T0},
    )
    for old_id, minutes, status, owner, version in CONTACTS:
        form = "caseStudiesContact" if old_id == 5 else "contact"
        run(
            text(
                f"INSERT INTO contact_messages (id, form, name, email, company, phone, message, {SHARED})"
                " VALUES (:id, :form, :name, :email, 'Acme', NULL, :message, :folded, :at, '/services',"
                " false, :status, :owner, :version, :responded, 'newsletter')"
            ),
            {
                "id": old_id,
                "form": form,
                "name": f"Contact {old_id}",
                "email": f"C{old_id}@Example.com",
                "folded": f"c{old_id}@example.com",
                "message": f"contactword{old_id} hello",
                "at": _at(minutes),
                "status": status,
                "owner": owner,
                "version": version,
                "responded": _at(minutes + 5) if status != "new" else None,
            },
        )
    for old_id, minutes, status, owner, version in QUOTES:
        run(
            text(
                f"INSERT INTO quote_requests (id, name, email, phone, project, budget, country, {SHARED})"
                " VALUES (:id, :name, :email, '+441632960000', :project, '10k-25k', 'GB', :folded, :at, NULL,"
                " :spam, :status, :owner, :version, NULL, NULL)"
            ),
            {
                "id": old_id,
                "name": f"Quote {old_id}",
                "email": f"q{old_id}@example.com",
                "folded": f"q{old_id}@example.com",
                "project": f"quoteword{old_id} an app",
                "at": _at(minutes),
                "spam": old_id == 9,
                "status": status,
                "owner": owner,
                "version": version,
            },
        )
    for note_id, kind, lead_id in [(1, "contact", 2), (2, "quote", 2), (3, "quote", 77)]:  # 77: gone
        run(
            text(
                "INSERT INTO lead_notes (id, lead_kind, lead_id, author_id, created_at, body)"
                " VALUES (:id, :kind, :lead, 1, :at, :body)"
            ),
            {"id": note_id, "kind": kind, "lead": lead_id, "at": T0, "body": f"note {note_id}"},
        )
    for revision_id, note_id in [(1, 1), (2, 3)]:
        run(
            text(
                "INSERT INTO lead_note_revisions (id, note_id, body, replaced_at, replaced_by)"
                " VALUES (:id, :note, 'before', :at, 1)"
            ),
            {"id": revision_id, "note": note_id, "at": T0},
        )
    outbox = [
        ("contact", 1, "new_lead", None, "pending"),
        ("quote", 1, "new_lead", None, "delivered"),
        ("contact", 2, "new_lead", None, "dead"),
        ("contact", 2, "assigned", 1, "pending"),
        (None, None, "security", 1, "delivered"),
        ("contact", 99, "new_lead", None, "pending"),  # its lead is gone
    ]
    for kind, lead_id, purpose, recipient, status in outbox:
        run(
            text(
                "INSERT INTO outbox (created_at, lead_kind, lead_id, purpose, recipient_id, status, attempts,"
                " next_attempt_at) VALUES (:at, :kind, :lead, :purpose, :recipient, :status, 0, :at)"
            ),
            {
                "at": T0,
                "kind": kind,
                "lead": lead_id,
                "purpose": purpose,
                "recipient": recipient,
                "status": status,
            },
        )
    run(
        text(
            "INSERT INTO consent_records (id, created_at, consent_id, essential, analytics, marketing,"
            " version) VALUES (4, :at, 'c', true, false, false, '1')"
        ),
        {"at": T0},
    )
    keys = [
        ("leads.create_quote", "quote_requests", 2),
        ("leads.create_contact", "contact_messages", 5),
        ("consent.record_consent", "consent_records", 4),
        ("leads.create_contact", "contact_messages", 42),  # its lead is gone
        ("somewhere.else", None, None),
    ]
    for number, (endpoint, table, record) in enumerate(keys):
        run(
            text(
                "INSERT INTO idempotency_keys (endpoint, key, request_digest, status_code, response,"
                " created_at, record_table, record_id)"
                " VALUES (:endpoint, :key, 'd', 201, '{}', :at, :table, :record)"
            ),
            {"endpoint": endpoint, "key": f"k{number}", "at": T0, "table": table, "record": record},
        )
    audit = [
        ("lead_viewed", "quote", 2),
        ("status_changed", "contact", 2),
        ("lead_viewed", "quote", 77),  # erased since
        ("sign_in", None, None),
    ]
    for action, kind, lead_id in audit:
        run(
            text(
                "INSERT INTO audit_events (at, actor_id, action, lead_kind, lead_id) VALUES (:at, 1, :action,"
                " :kind, :lead)"
            ),
            {"at": T0, "action": action, "kind": kind, "lead": lead_id},
        )
    db.session.commit()


# The leads in the order they came, as (kind, old id): 2 contact and 2 quote share a moment, and the
# old table's name breaks the tie.
ARRIVAL = [("contact", 1), ("quote", 1), ("contact", 2), ("quote", 2), ("contact", 5), ("quote", 9)]


def _new_id(kind: str, old_id: int) -> int:
    return ARRIVAL.index((kind, old_id)) + 1


def test_0020_moves_every_lead_and_what_points_at_it_into_one_table(empty_database):
    app = create_app(empty_database)
    with app.app_context():
        flask_migrate.upgrade(revision="0019")
        _fill_at_0019()

        flask_migrate.upgrade()

        leads = db.session.scalars(select(Lead).order_by(Lead.id)).all()
        assert [lead.id for lead in leads] == [1, 2, 3, 4, 5, 6]
        moved = {(row.kind, row.old_id): row.lead_id for row in db.session.scalars(select(LeadAddress))}
        assert moved == {key: _new_id(*key) for key in ARRIVAL}
        for kind, rows in (("contact", CONTACTS), ("quote", QUOTES)):
            for old_id, minutes, status, owner, version in rows:
                lead = db.session.get(Lead, _new_id(kind, old_id))
                assert (lead.name, lead.created_at.replace(tzinfo=UTC)) == (
                    f"{kind.title()} {old_id}",
                    _at(minutes),
                )
                assert (lead.status, lead.owner_id, lead.version) == (status, owner, version)
                assert lead.form == (
                    "quote" if kind == "quote" else "caseStudiesContact" if old_id == 5 else "contact"
                )
        contact, quote = (
            db.session.get(Lead, _new_id("contact", 2)),
            db.session.get(Lead, _new_id("quote", 9)),
        )
        assert (contact.company, contact.message, contact.project, contact.utm_source) == (
            "Acme",
            "contactword2 hello",
            None,
            "newsletter",
        )
        assert contact.first_response_at.replace(tzinfo=UTC) == _at(25)
        assert (quote.phone, quote.project, quote.budget, quote.country, quote.spam) == (
            "+441632960000",
            "quoteword9 an app",
            "10k-25k",
            "GB",
            True,
        )

        notes = db.session.execute(select(LeadNote.id, LeadNote.lead_id).order_by(LeadNote.id)).all()
        assert [tuple(note) for note in notes] == [(1, _new_id("contact", 2)), (2, _new_id("quote", 2))]
        assert db.session.scalars(select(LeadNoteRevision.note_id)).all() == [1]

        outbox = db.session.execute(
            select(OutboxMessage.lead_id, OutboxMessage.purpose, OutboxMessage.status).order_by(
                OutboxMessage.id
            )
        ).all()
        assert [tuple(row) for row in outbox] == [
            (_new_id("contact", 1), "new_lead", "pending"),
            (_new_id("quote", 1), "new_lead", "delivered"),
            (_new_id("contact", 2), "new_lead", "dead"),
            (_new_id("contact", 2), "assigned", "pending"),
            (None, "security", "delivered"),
        ]

        keys = db.session.execute(
            select(IdempotencyKey.key, IdempotencyKey.lead_id, IdempotencyKey.consent_id).order_by(
                IdempotencyKey.key
            )
        ).all()
        assert [tuple(key) for key in keys] == [
            ("k0", _new_id("quote", 2), None),
            ("k1", _new_id("contact", 5), None),
            ("k2", None, 4),
            ("k4", None, None),
        ]

        events = db.session.execute(text("SELECT action, lead_id FROM audit_events ORDER BY id")).all()
        assert [tuple(event) for event in events] == [
            ("lead_viewed", _new_id("quote", 2)),
            ("status_changed", _new_id("contact", 2)),
            ("lead_viewed", None),
            ("sign_in", None),
        ]
        db.session.commit()
        # The trail's guard is back.
        with pytest.raises(DatabaseError, match="append-only"):
            db.session.execute(text("UPDATE audit_events SET lead_id = 1"))
        db.session.rollback()

        # The search finds the moved leads, by either old table's words, newest first.
        found = page.page(Filters(terms=terms("quoteword2")))["leads"]
        assert [lead["id"] for lead in found] == [_new_id("quote", 2)]
        found = page.page(Filters(terms=terms("contactword"), spam="include"))["leads"]
        assert [lead["id"] for lead in found] == [
            _new_id("contact", 5),
            _new_id("contact", 2),
            _new_id("contact", 1),
        ]
        db.session.rollback()

        # A new lead takes the next id; deleting a lead takes what points at it, by its keys.
        lead = Lead(form="contact", name="New", email="new@example.com", message="m")
        db.session.add(lead)
        db.session.commit()
        assert lead.id == 7
        db.session.execute(delete(Lead).where(Lead.id == _new_id("contact", 2)))
        db.session.commit()
        assert db.session.scalar(select(func.count()).select_from(LeadNote)) == 1
        assert db.session.scalar(select(func.count()).select_from(LeadNoteRevision)) == 0
        assert db.session.scalar(select(func.count()).where(OutboxMessage.lead_id == 3)) == 0
        assert db.session.get(LeadAddress, ("contact", 2)) is None
        assert not {"contact_messages", "quote_requests"} & set(inspect(db.engine).get_table_names())
        db.engine.dispose()
