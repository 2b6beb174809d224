"""API tokens, the audit trail naming them, and the leads' change journal for /api/v1/changes

Revision ID: 0035
Revises: 0034
Create Date: 2026-11-29

Admins give the team's other tools tokens (api_tokens: only each token's SHA-256 is kept, so a copy
of the database holds no working token), and an event recorded during a call made with one names it
(audit_events.token_id, a plain value: an event outlives what it names).

lead_changes is a journal of the leads' changes, written by the database's own triggers, so that no
statement (a bulk UPDATE among them) changes a lead, its notes, its conversation or its deal without
a row here, and a lead's DELETE (erasure, the retention purge) leaves its id. On PostgreSQL each row
also keeps its transaction's id, by which a reader returns only rows whose transactions have all
ended: a sync that follows the journal can never step past a change committed later under a smaller
id. On SQLite one writer at a time commits in id order, so the id is enough.
"""

import sqlalchemy as sa
from alembic import op

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

# What a lead's row keeps that the API shows and staff change; the form's own fields never change.
LEAD_COLUMNS = "status, owner_id, spam, next_step_on, next_step"
# (table, its column naming the lead, the events that change what the API shows of the lead)
CHILDREN = (
    ("lead_notes", "lead_id", "INSERT OR UPDATE"),
    ("lead_messages", "lead_id", "INSERT OR UPDATE"),
    ("deals", "lead_id", "INSERT OR UPDATE"),
)


def _postgresql_upgrade() -> None:
    op.execute(
        "CREATE FUNCTION lead_changed() RETURNS trigger LANGUAGE plpgsql AS $$"
        " BEGIN"
        " INSERT INTO lead_changes (lead_id, xid) VALUES (NEW.lead_id, pg_current_xact_id()::text::bigint);"
        " RETURN NULL; END $$"
    )
    op.execute(
        "CREATE FUNCTION lead_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$"
        " BEGIN"
        " INSERT INTO lead_changes (lead_id, xid)"
        " VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,"
        " pg_current_xact_id()::text::bigint);"
        " RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER leads_changed AFTER INSERT OR DELETE OR UPDATE OF"
        f" {LEAD_COLUMNS} ON leads FOR EACH ROW EXECUTE FUNCTION lead_row_changed()"
    )
    for table, _column, events in CHILDREN:
        op.execute(
            f"CREATE TRIGGER {table}_changed AFTER {events} ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION lead_changed()"
        )


def _postgresql_downgrade() -> None:
    for table, _column, _events in CHILDREN:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_changed ON {table}")
    op.execute("DROP TRIGGER IF EXISTS leads_changed ON leads")
    op.execute("DROP FUNCTION IF EXISTS lead_row_changed()")
    op.execute("DROP FUNCTION IF EXISTS lead_changed()")


# SQLite's DateTime as SQLAlchemy writes it (microseconds), in UTC.
_NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now') || '000'"


def _sqlite_triggers() -> list[tuple[str, str, str]]:
    """(name, event, the lead's id) of every trigger: SQLite's fire on one event each."""
    triggers = [
        ("leads_inserted", "INSERT ON leads", "NEW.id"),
        ("leads_updated", f"UPDATE OF {LEAD_COLUMNS} ON leads", "NEW.id"),
        ("leads_deleted", "DELETE ON leads", "OLD.id"),
    ]
    for table, column, events in CHILDREN:
        for event in events.split(" OR "):
            triggers.append((f"{table}_{event.lower()}ed", f"{event} ON {table}", f"NEW.{column}"))
    return triggers


def _sqlite_upgrade() -> None:
    for name, event, lead in _sqlite_triggers():
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} BEGIN"
            f" INSERT INTO lead_changes (lead_id, changed_at) VALUES ({lead}, {_NOW}); END"
        )


def _sqlite_downgrade() -> None:
    for name, _event, _lead in _sqlite_triggers():
        op.execute(f"DROP TRIGGER IF EXISTS {name}")


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("token_hash", sa.Text(), nullable=False, unique=True),
        sa.Column("scopes", sa.Text(), nullable=False),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
    )
    # ALTER TABLE itself, not a batch's copy of the table, which would lose its append-only triggers.
    op.add_column("audit_events", sa.Column("token_id", sa.Integer(), nullable=True))
    op.create_table(
        "lead_changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("xid", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_lead_changes_changed_at", "lead_changes", ["changed_at"])
    # PostgreSQL's read order; SQLite's rows have no xid, so its index stays empty.
    op.create_index(
        "ix_lead_changes_xid",
        "lead_changes",
        ["xid", "id"],
        sqlite_where=sa.text("xid IS NOT NULL"),
        postgresql_where=sa.text("xid IS NOT NULL"),
    )
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
    op.drop_table("lead_changes")
    op.drop_column("audit_events", "token_id")
    op.drop_table("api_tokens")
