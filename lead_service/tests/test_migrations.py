"""The migrations create exactly the tables the models describe, and carry stored rows along."""

import hashlib
import json
import re
from datetime import UTC, datetime, timedelta

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from cryptography.fernet import Fernet
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.auth import totp
from lead_service.models.staff import StaffUser

# The lead search's own objects (migration 0020), which no model can declare: SQLite's FTS5 tables
# (with their shadow tables), and PostgreSQL's generated tsvector and trigram columns and their GIN
# indexes, which exist on one database only. Exactly these are left out of the comparison.
SEARCH_TABLE = re.compile(r"^lead_search_(words|parts)(_(data|idx|docsize|config|content))?$")
SEARCH_COLUMNS = {"search_vector", "search_parts"}
SEARCH_INDEXES = {f"ix_leads_{column}" for column in SEARCH_COLUMNS}


def _not_search_name(name, type_, _parent_names):
    return not (type_ == "table" and SEARCH_TABLE.match(name))


def _not_search_object(_object, name, type_, reflected, _compare_to):
    if reflected and type_ == "column" and name in SEARCH_COLUMNS:
        return False
    return not (reflected and type_ == "index" and name in SEARCH_INDEXES)


def test_models_and_migrations_do_not_drift(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"include_name": _not_search_name, "include_object": _not_search_object}
        )
        differences = compare_metadata(context, db.metadata)

    assert differences == []


def test_sqlite_runs_in_wal_mode_with_full_sync(app):
    with app.app_context(), db.engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            pytest.skip("SQLite settings")
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 15000


def test_keys_stored_before_0006_are_linked_to_their_rows_or_go_after_24_hours(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"})
    with app.app_context():
        flask_migrate.upgrade(revision="0005")
        insert = text(
            "INSERT INTO idempotency_keys (endpoint, key, request_digest, status_code, response, created_at)"
            " VALUES (:endpoint, :key, 'd', 201, :response, :created_at)"
        )
        with db.engine.begin() as connection:
            for endpoint, response in [
                ("leads.create_quote", '{"id": 7, "status": "received"}'),
                ("consent.record_consent", '{"id": 3, "status": "recorded"}'),
                ("somewhere.else", '{"id": 9}'),
                ("leads.create_contact", '{"id": 2, "status": "received"}'),  # past its 24 hours
            ]:
                age = timedelta(hours=25 if endpoint == "leads.create_contact" else 1)
                values = {"endpoint": endpoint, "key": endpoint, "response": response}
                connection.execute(insert, {**values, "created_at": datetime.now(UTC) - age})
        flask_migrate.upgrade(revision="0019")
        with db.engine.connect() as connection:
            linked = connection.execute(
                text("SELECT endpoint, record_table, record_id FROM idempotency_keys ORDER BY endpoint")
            ).all()
        db.engine.dispose()

    assert [tuple(row) for row in linked] == [
        ("consent.record_consent", "consent_records", 3),
        ("leads.create_quote", "quote_requests", 7),
        ("somewhere.else", None, None),
    ]


def _app_at(tmp_path, monkeypatch, revision: str, *rows: tuple[str, dict]):
    """An app on a new SQLite database migrated up to `revision`, holding `rows` (SQL and its
    parameters, :now given), in an instance folder of its own, with no key in it."""
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"})
    with app.app_context():
        flask_migrate.upgrade(revision=revision)
        for statement, parameters in rows:
            db.session.execute(text(statement), {"now": datetime.now(UTC), **parameters})
        db.session.commit()
    return app


def _app_with_a_recovery_code_before_0012(tmp_path, monkeypatch, plain: str):
    """At 0011, with a user holding one recovery code, stored as `plain`."""
    user = (
        "INSERT INTO staff_users (id, email, name, role, password_hash, created_at, password_changed_at)"
        " VALUES (1, 'a@staff.example', 'A', 'sales', 'x', :now, :now)"
    )
    code = "INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES (1, :plain)"
    return _app_at(tmp_path, monkeypatch, "0011", (user, {}), (code, {"plain": plain}))


def test_recovery_codes_kept_as_plain_sha256_before_0012_still_sign_in_once_keyed(tmp_path, monkeypatch):
    plain = hashlib.sha256(b"abcdefghij").hexdigest()
    app = _app_with_a_recovery_code_before_0012(tmp_path, monkeypatch, plain)
    app.config["INBOX_TOTP_KEY"] = Fernet.generate_key().decode()
    with app.app_context():
        flask_migrate.upgrade()

        assert db.session.scalar(text("SELECT code_hash FROM staff_recovery_codes")) != plain
        user = db.session.get(StaffUser, 1)
        assert totp.use_recovery_code(user, "ABCDE-fghij")
        assert not totp.use_recovery_code(user, "abcde-fghij")  # once
        db.session.commit()
        db.engine.dispose()


def test_0012_refuses_to_key_the_codes_under_a_key_it_would_make_itself(tmp_path, monkeypatch):
    app = _app_with_a_recovery_code_before_0012(tmp_path, monkeypatch, "0" * 64)
    with app.app_context():
        with pytest.raises(SystemExit):  # `db upgrade` says why and exits 1
            flask_migrate.upgrade()
        assert db.session.scalar(text("SELECT code_hash FROM staff_recovery_codes")) == "0" * 64
        db.engine.dispose()
    assert not (tmp_path / "instance" / "inbox_totp_key").exists()


def test_leads_stored_before_0014_get_their_folded_address(tmp_path, monkeypatch):
    lead = (
        "INSERT INTO contact_messages (form, name, email, message, created_at)"
        " VALUES ('contact', 'Éva', ' ÉVA@Straße.example', 'm', :now)"
    )
    app = _app_at(tmp_path, monkeypatch, "0013", (lead, {}))
    with app.app_context():
        flask_migrate.upgrade(revision="0019")

        assert db.session.scalar(text("SELECT email_folded FROM contact_messages")) == "éva@strasse.example"
        db.engine.dispose()


def _outbox() -> list[tuple]:
    """The outbox's rows as (lead_kind, lead_id, purpose), read in a transaction of their own: an
    open one would hold off the migration's ALTER TABLE on PostgreSQL."""
    rows = db.session.execute(text("SELECT lead_kind, lead_id, purpose FROM outbox ORDER BY id")).all()
    db.session.commit()
    return [tuple(row) for row in rows]


def test_0019_lets_the_outbox_hold_notices_with_no_lead_and_its_way_down_drops_them(empty_database):
    app = create_app(empty_database)
    lead = (
        "INSERT INTO outbox (created_at, lead_kind, lead_id, status, attempts, next_attempt_at)"
        " VALUES (:now, 'contact', 7, 'pending', 0, :now)"
    )
    with app.app_context():
        flask_migrate.upgrade(revision="0018")
        db.session.execute(text(lead), {"now": datetime.now(UTC)})
        db.session.commit()

        flask_migrate.upgrade(revision="0019")
        # As the outbox wrote a notice at 0019 (the model has columns of later revisions).
        db.session.execute(
            text(
                "INSERT INTO outbox (created_at, purpose, recipient_id, event, detail, status, attempts,"
                " next_attempt_at) VALUES (:now, 'security', 3, 'recovery_code_used', :detail, 'pending', 0,"
                " :now)"
            ),
            {"now": datetime.now(UTC), "detail": '{"codes_left": 9}'},
        )
        db.session.commit()
        assert _outbox() == [("contact", 7, "new_lead"), (None, None, "security")]
        notice = db.session.execute(text("SELECT recipient_id, event, detail FROM outbox WHERE id = 2")).one()
        db.session.commit()
        assert tuple(notice) == (3, "recovery_code_used", '{"codes_left": 9}')

        flask_migrate.downgrade(revision="0018")
        assert _outbox() == [("contact", 7, "new_lead")]
        # The lead's columns are required again, and the table kept its defaults and indexes.
        with pytest.raises(IntegrityError):
            db.session.execute(text(lead.replace("'contact', 7", "NULL, NULL")), {"now": datetime.now(UTC)})
        db.session.rollback()
        db.session.execute(text(lead), {"now": datetime.now(UTC)})
        db.session.commit()
        assert _outbox()[-1] == ("contact", 7, "new_lead")
        indexes = {index["name"] for index in inspect(db.engine).get_indexes("outbox")}
        assert indexes == {"ix_outbox_due", "ix_outbox_lead"}

        flask_migrate.upgrade(revision="0019")
        assert [row[2] for row in _outbox()] == ["new_lead", "new_lead"]
        db.engine.dispose()


def test_0033_marks_the_leads_whose_placing_was_queued_and_its_way_down_queues_them_again(empty_database):
    app = create_app(empty_database)
    lead = (
        "INSERT INTO leads (id, form, name, email, email_folded, created_at)"
        " VALUES (:id, 'contact', 'L', 'l@example.com', 'l@example.com', :now)"
    )
    queued = (
        "INSERT INTO outbox (lead_id, purpose, status, attempts, created_at, next_attempt_at)"
        " VALUES (:id, :purpose, :status, 0, :now, :now)"
    )
    with app.app_context():
        flask_migrate.upgrade(revision="0032")
        now = datetime.now(UTC)
        for lead_id, purpose, status in [
            (1, "route", "pending"),
            (2, "route", "delivered"),
            (3, "new_lead", "pending"),
        ]:
            db.session.execute(text(lead), {"id": lead_id, "now": now})
            db.session.execute(
                text(queued), {"id": lead_id, "purpose": purpose, "status": status, "now": now}
            )
        db.session.commit()

        flask_migrate.upgrade(revision="0033")
        waiting = db.session.execute(text("SELECT id FROM leads WHERE awaiting_rules ORDER BY id")).scalars()
        outbox = db.session.execute(text("SELECT lead_id, purpose FROM outbox ORDER BY id")).all()
        db.session.commit()
        assert (list(waiting), [tuple(row) for row in outbox]) == ([1], [(3, "new_lead")])

        flask_migrate.downgrade(revision="0032")
        outbox = db.session.execute(text("SELECT lead_id, purpose, status FROM outbox ORDER BY id")).all()
        db.session.commit()
        assert [tuple(row) for row in outbox] == [(3, "new_lead", "pending"), (1, "route", "pending")]
        db.engine.dispose()


@pytest.mark.parametrize("url", ["", "https://crm.example.com/hooks/leads"])
def test_0034_makes_webhook_url_an_endpoint_when_set_and_its_way_down_drops_the_tables(empty_database, url):
    app = create_app({**empty_database, "WEBHOOK_URL": url, "WEBHOOK_SECRET": "shared" if url else ""})
    with app.app_context():
        flask_migrate.upgrade(revision="0034")
        endpoints = db.session.execute(
            text("SELECT url, events, secret, legacy FROM webhook_endpoints")
        ).all()
        db.session.commit()
        if url:
            [(kept, events, secret, legacy)] = endpoints
            events = json.loads(events) if isinstance(events, str) else events
            # The one shared secret checks both signatures: its bytes are the Standard Webhooks key.
            assert (kept, events, secret, bool(legacy)) == (url, ["lead.created"], "whsec_c2hhcmVk", True)
        else:
            assert endpoints == []

        flask_migrate.downgrade(revision="0033")
        names = inspect(db.engine).get_table_names()
        assert not {"webhook_endpoints", "webhook_deliveries", "webhook_attempts"} & set(names)
        db.engine.dispose()
