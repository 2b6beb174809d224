"""a lead's next step: the day it is due and what it is, for the Due view and the morning e-mail

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27

Nothing reminded anyone of a lead they had promised to call back. A lead's owner now sets its next
step: a (UTC) day and a line of what it is; the inbox's Due view lists those due today or overdue,
by the day's index, and each owner with any due gets one e-mail each working morning: due_digests
keeps the days each was queued, so that several outbox workers queue it once. The columns are added
in place (no table copy, which on SQLite would drop the search's triggers). The way down drops them
and the digests' days.
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("leads", sa.Column("next_step_on", sa.Date(), nullable=True))
    op.add_column("leads", sa.Column("next_step", sa.Text(), nullable=True))
    op.create_index("ix_leads_next_step_on", "leads", ["next_step_on"])
    op.create_table(
        "due_digests",
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("staff_users.id", name="fk_due_digests_user_id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("day", sa.Date(), primary_key=True),
    )


def downgrade() -> None:
    op.execute("DELETE FROM outbox WHERE purpose = 'due'")
    op.drop_table("due_digests")
    op.drop_index("ix_leads_next_step_on", table_name="leads")
    op.drop_column("leads", "next_step")
    op.drop_column("leads", "next_step_on")
