"""Every service test runs against a real SQLite file and, when TEST_DATABASE_URL is set, again
against PostgreSQL (in a schema of its own that is dropped afterwards)."""

import os
import uuid
from pathlib import Path

import flask_migrate
import pytest
from sqlalchemy import create_engine, delete, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.models.leads import ConsentRecord, IdempotencyKey, Lead, OutboxMessage
from lead_service.models.staff import LeadNote, LeadNoteRevision
from lead_service.models.webhooks import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from lead_service.profile_pdf import build_profile_pdf

DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def profile_pdf(tmp_path_factory) -> Path:
    return build_profile_pdf(tmp_path_factory.mktemp("profile") / "company-profile.pdf")


def _postgres_schema(url: str):
    """Create a throwaway schema; yield the app settings that confine the service to it."""
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(database_url(url))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield {
            "SQLALCHEMY_DATABASE_URI": database_url(url),
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"options": f"-csearch_path={schema}"}},
        }
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(scope="session", params=DATABASES)
def database(request, tmp_path_factory):
    if request.param == "sqlite":
        yield {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'leads.db'}"}
        return
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL is not set")
    yield from _postgres_schema(url)


@pytest.fixture
def empty_database(database, tmp_path, monkeypatch):
    """Settings for a database of the test's kind with nothing in it (a schema of its own on
    PostgreSQL), for an app to migrate down and up."""
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path / "instance"))
    if database["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        yield {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"}
        return
    yield from _postgres_schema(os.environ["TEST_DATABASE_URL"])


@pytest.fixture(scope="session")
def app(database, profile_pdf, tmp_path_factory):
    # Rate limits have tests of their own; here one test client sends hundreds of requests. The
    # backups and the erasure ledger every erasure appends to stay out of the instance folder.
    backups = tmp_path_factory.mktemp("backups")
    app = create_app(
        {
            **database,
            "TESTING": True,
            "PROFILE_PDF_PATH": str(profile_pdf),
            "RATELIMIT_ENABLED": False,
            "BACKUP_DIR": str(backups),
            "ERASURE_LEDGER_PATH": str(backups / "erasures.jsonl"),
        }
    )
    with app.app_context():
        flask_migrate.upgrade()  # the real migrations, not create_all
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    yield app.test_client()
    with app.app_context():
        # The webhooks' endpoints go with their deliveries and tries (by cascade on PostgreSQL; by
        # hand on SQLite, whose foreign keys may be off).
        for model in (WebhookAttempt, WebhookDelivery, WebhookEndpoint):
            db.session.execute(delete(model))
        for model in (LeadNoteRevision, LeadNote, IdempotencyKey, OutboxMessage, Lead, ConsentRecord):
            db.session.execute(delete(model))
        db.session.commit()


@pytest.fixture
def runner(app, client):
    return app.test_cli_runner()


@pytest.fixture
def rows(app):
    """All stored rows of one kind, oldest first: "consent", "outbox", "leads", or the leads sent
    with the contact forms ("contact") or the quote form ("quote")."""

    def fetch(kind: str):
        with app.app_context():
            model = {"consent": ConsentRecord, "outbox": OutboxMessage}.get(kind, Lead)
            query = db.select(model).order_by(model.id)
            if kind in ("contact", "quote"):
                query = query.where((Lead.form == "quote") == (kind == "quote"))
            return db.session.scalars(query).all()

    return fetch
