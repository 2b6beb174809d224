"""leads worked by the sales team: status, owner, version, first response; notes; owners told

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26

The lead tables' columns are added and dropped in place (ALTER TABLE), never by copying a table as
Alembic's batch mode does on SQLite: the copy would lose the search triggers of migrations 0008 and
0009. So owner_id has no foreign key, which SQLite could not drop in place: staff users are never
deleted, and the service checks an owner exists.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

TABLES = ("contact_messages", "quote_requests")
_NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column("status", sa.Text(), nullable=False, server_default="new"))
        op.add_column(table, sa.Column("owner_id", sa.Integer(), nullable=True))
        op.add_column(table, sa.Column("version", sa.Integer(), nullable=False, server_default="1"))
        op.add_column(table, sa.Column("first_response_at", _NOW, nullable=True))
    op.create_table(
        "lead_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("lead_kind", sa.Text(), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
        sa.Column("created_at", _NOW, nullable=False),
        sa.Column("edited_at", _NOW, nullable=True),
        sa.Column("body", sa.Text(), nullable=False),
    )
    op.create_index("ix_lead_notes_lead", "lead_notes", ["lead_kind", "lead_id", "id"])
    op.add_column("outbox", sa.Column("purpose", sa.Text(), nullable=False, server_default="new_lead"))
    op.add_column("outbox", sa.Column("recipient_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    for column in ("recipient_id", "purpose"):
        op.execute(f"ALTER TABLE outbox DROP COLUMN {column}")
    op.drop_table("lead_notes")
    for table in TABLES:
        for column in ("first_response_at", "version", "owner_id", "status"):
            op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
