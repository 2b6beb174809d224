"""The database keeps the audit trail append-only (migration 0015): an event is added, and never
changed or deleted, whatever the statement; the migration's way down lifts the guard and its way
up puts it back."""

import flask_migrate
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from lead_service import audit, create_app
from lead_service.extensions import db
from lead_service.models.staff import AuditEvent

from ...audit_cleanup import clear_audit_trail

REFUSED = "the audit trail is append-only"


def _changes(dialect: str) -> list[str]:
    changes = ["UPDATE audit_events SET action = 'sign_in'", "DELETE FROM audit_events"]
    return [*changes, "TRUNCATE audit_events"] if dialect == "postgresql" else changes


def _refused(statement: str) -> bool:
    try:
        db.session.execute(text(statement))
        db.session.commit()
    except IntegrityError as error:
        db.session.rollback()
        assert REFUSED in str(error.orig)
        return True
    return False


def _actions() -> list[str]:
    return list(db.session.scalars(db.select(AuditEvent.action).order_by(AuditEvent.id)))


def test_an_event_is_added_and_never_changed_or_deleted(app):
    with app.app_context():
        audit.record("sign_out", 1)
        audit.record("sign_in", 1, second_factor="totp")
        db.session.commit()

        for statement in _changes(db.engine.dialect.name):
            assert _refused(statement), statement
        event = db.session.scalars(db.select(AuditEvent).order_by(AuditEvent.id)).first()
        event.action = "sign_in"
        with pytest.raises(IntegrityError, match=REFUSED):
            db.session.commit()
        db.session.rollback()
        db.session.delete(event)
        with pytest.raises(IntegrityError, match=REFUSED):
            db.session.commit()
        db.session.rollback()

        assert _actions() == ["sign_out", "sign_in"]


def test_the_tests_own_clean_up_leaves_the_guard_standing(app):
    with app.app_context():
        audit.record("sign_out", 1)
        db.session.commit()
        clear_audit_trail()
        db.session.commit()
        audit.record("sign_out", 2)
        db.session.commit()

        assert _actions() == ["sign_out"]
        assert _refused("DELETE FROM audit_events")


def _signed_out(actor_id: int) -> None:
    """An event as the trail stood at migration 0015, before the columns later migrations added."""
    db.session.execute(
        text(
            "INSERT INTO audit_events (at, actor_id, action) VALUES (CURRENT_TIMESTAMP, :actor, 'sign_out')"
        ),
        {"actor": actor_id},
    )
    db.session.commit()


def test_the_migration_down_lifts_the_guard_and_up_puts_it_back(empty_database):
    app = create_app(empty_database)
    with app.app_context():
        flask_migrate.upgrade(revision="0015")
        _signed_out(1)
        assert _refused("DELETE FROM audit_events")

        flask_migrate.downgrade(revision="0014")
        assert not _refused("UPDATE audit_events SET action = 'sign_in'")
        assert _actions() == ["sign_in"]
        assert not _refused("DELETE FROM audit_events")
        _signed_out(1)

        flask_migrate.upgrade(revision="0015")
        for statement in _changes(db.engine.dialect.name):
            assert _refused(statement), statement
        assert _actions() == ["sign_out"]
        db.engine.dispose()
