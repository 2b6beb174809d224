"""The migrations create exactly the tables the models describe, and carry stored rows along."""

import re
from datetime import UTC, datetime, timedelta

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from lead_service import create_app
from lead_service.extensions import db

# The lead search's own objects (migration 0008), which no model can declare: SQLite's FTS5 tables
# (with their shadow tables), and PostgreSQL's generated tsvector and trigram columns and their GIN
# indexes, which exist on one database only. Exactly these are left out of the comparison.
SEARCH_TABLE = re.compile(r"^lead_search_(contact|quote)_(words|parts)(_(data|idx|docsize|config|content))?$")
SEARCH_COLUMNS = {"search_vector", "search_parts"}
SEARCH_INDEXES = {
    f"ix_{table}_{column}" for table in ("contact_messages", "quote_requests") for column in SEARCH_COLUMNS
}


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
        flask_migrate.upgrade()
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
