"""the dashboard's days: each past day's figures, kept until one of its leads changes

Revision ID: 0037
Revises: 0036
Create Date: 2026-11-30

The dashboard read every lead of its 90 days on each request: at a million leads, 368,000 rows and
2.1 s. A past day's figures change only when one of its leads does, so they are kept here
(inbox/reports/dashboard_days.py), and only today's leads and a changed day's are read again. A
trigger bumps a day's version, and forgets its figures, whenever a lead of that day is added,
deleted or changed in what the dashboard counts, whatever statement did it; figures are kept only
with the version they were counted at. Today's leads are left out: today is always read from the
leads, and intake's inserts stay one row each.
"""

import sqlalchemy as sa
from alembic import op

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

# What the dashboard counts of a lead; its arrival (created_at) never changes.
COUNTED = "spam, form, first_response_at, utm_source, referrer_host, landing_path"
_BUMP = "version = dashboard_days.version + 1, figures = NULL, taken = NULL, waiting = NULL"


def _postgresql_upgrade() -> None:
    op.execute(
        "CREATE FUNCTION dashboard_day_changed() RETURNS trigger LANGUAGE plpgsql AS $$"
        " DECLARE changed date := ((CASE WHEN TG_OP = 'DELETE' THEN OLD.created_at"
        " ELSE NEW.created_at END) AT TIME ZONE 'UTC')::date;"
        " BEGIN"
        " IF changed < (now() AT TIME ZONE 'UTC')::date THEN"
        " INSERT INTO dashboard_days (day, version) VALUES (changed, 1)"
        f" ON CONFLICT (day) DO UPDATE SET {_BUMP};"
        " END IF;"
        " RETURN NULL; END $$"
    )
    op.execute(
        f"CREATE TRIGGER leads_dashboard_day AFTER INSERT OR DELETE OR UPDATE OF {COUNTED} ON leads"
        " FOR EACH ROW EXECUTE FUNCTION dashboard_day_changed()"
    )


def _sqlite_triggers() -> list[tuple[str, str, str]]:
    """(name, event, the lead's row): SQLite's triggers fire on one event each."""
    return [
        ("leads_dashboard_inserted", "INSERT ON leads", "NEW"),
        ("leads_dashboard_updated", f"UPDATE OF {COUNTED} ON leads", "NEW"),
        ("leads_dashboard_deleted", "DELETE ON leads", "OLD"),
    ]


def _sqlite_upgrade() -> None:
    for name, event, row in _sqlite_triggers():
        changed = f"date({row}.created_at)"
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} WHEN {changed} < date('now') BEGIN"
            f" INSERT INTO dashboard_days (day, version) VALUES ({changed}, 1)"
            f" ON CONFLICT (day) DO UPDATE SET {_BUMP}; END"
        )


def upgrade() -> None:
    op.create_table(
        "dashboard_days",
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("counted_version", sa.Integer(), nullable=True),
        sa.Column("figures", sa.JSON(), nullable=True),
        sa.Column("taken", sa.LargeBinary(), nullable=True),
        sa.Column("waiting", sa.LargeBinary(), nullable=True),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        _postgresql_upgrade()
    elif dialect == "sqlite":
        _sqlite_upgrade()


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS leads_dashboard_day ON leads")
        op.execute("DROP FUNCTION IF EXISTS dashboard_day_changed()")
    elif dialect == "sqlite":
        for name, _event, _row in _sqlite_triggers():
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("dashboard_days")
