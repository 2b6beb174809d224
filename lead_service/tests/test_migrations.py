"""The migrations create exactly the tables the models describe."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from lead_service.extensions import db


def test_models_and_migrations_do_not_drift(app):
    with app.app_context(), db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), db.metadata)

    assert differences == []


def test_sqlite_runs_in_wal_mode_with_full_sync(app):
    with app.app_context(), db.engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            pytest.skip("SQLite settings")
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 15000
