"""the audit trail append-only in the database: an event is never changed or deleted

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28

The service only ever adds audit events (lead_service.audit); until now nothing else stopped
a change or a delete, whether by a bug, a hand-typed statement or a statement someone slipped into
the service. Triggers now refuse them, on both databases, with a message that says why, as an
integrity error. TRUNCATE is refused too on PostgreSQL; SQLite has none (its DELETE without WHERE
still fires the triggers).

The guard binds whoever writes rows, not whoever owns the table: the owner can drop a trigger.
A database role that writes the rows but does not own the table keeps even the service's own
connection from lifting it.
"""

from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

MESSAGE = "the audit trail is append-only: its events are never changed or deleted"


def _postgresql_upgrade() -> None:
    op.execute(
        "CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$"
        f" BEGIN RAISE EXCEPTION '{MESSAGE} (% refused)', TG_OP"
        " USING ERRCODE = 'integrity_constraint_violation'; END $$"
    )
    op.execute(
        "CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events"
        " FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()"
    )
    op.execute(
        "CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events"
        " FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()"
    )


def _postgresql_downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events")
    op.execute("DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events")
    op.execute("DROP FUNCTION IF EXISTS audit_events_append_only()")


def _sqlite_upgrade() -> None:
    for action in ("update", "delete"):
        op.execute(
            f"CREATE TRIGGER audit_events_no_{action} BEFORE {action.upper()} ON audit_events"
            f" BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )


def _sqlite_downgrade() -> None:
    for action in ("update", "delete"):
        op.execute(f"DROP TRIGGER IF EXISTS audit_events_no_{action}")


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        _postgresql_upgrade()
    elif dialect == "sqlite":
        _sqlite_upgrade()


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        _postgresql_downgrade()
    elif dialect == "sqlite":
        _sqlite_downgrade()
