"""a note's earlier texts kept when its author corrects it

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28

A correction replaced a note's text, so a note could be made to say something else after a
colleague had acted on it. Each text replaced is kept now, with when and by whom. The revisions go
with their note, and so with its lead: by the foreign key's cascade on PostgreSQL, and by the
service deleting them itself on SQLite, which enforces no foreign key unless told to. The way
down drops them: the notes keep their latest texts only, as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lead_note_revisions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "note_id", sa.Integer(), sa.ForeignKey("lead_notes.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("replaced_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("replaced_by", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
    )
    op.create_index("ix_lead_note_revisions_note", "lead_note_revisions", ["note_id", "id"])


def downgrade() -> None:
    op.drop_table("lead_note_revisions")
