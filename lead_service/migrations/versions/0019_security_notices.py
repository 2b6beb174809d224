"""the outbox carries e-mails to staff about their own accounts, which name no lead

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28

A member of staff whose account was locked, given a new password or a new authenticator app, or
signed in to with a recovery code heard nothing of it, so an attacker's activity went unnoticed by
the one person who could tell it was not theirs. Such a notice is an outbox row of its own purpose,
"security", written in the event's transaction as a lead's notification is; it names the event
and its user, and no lead, so the lead's columns may now be empty. The table is copied on SQLite,
which cannot drop NOT NULL in place (the outbox has no trigger to lose). The way down drops the
notices, which the old columns could not hold.
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.alter_column("lead_kind", existing_type=sa.Text(), nullable=True)
        batch.alter_column("lead_id", existing_type=sa.Integer(), nullable=True)
        batch.add_column(sa.Column("event", sa.Text(), nullable=True))
        batch.add_column(sa.Column("detail", sa.Text(), nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM outbox WHERE lead_kind IS NULL OR lead_id IS NULL")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("detail")
        batch.drop_column("event")
        batch.alter_column("lead_id", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("lead_kind", existing_type=sa.Text(), nullable=False)
