"""an admin's response target, and the team alerted once of each lead unanswered past it

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27

A new lead waiting past the team's response time alerted nobody. An admin now sets the target, in
hours of weekday time (response_target, one row); the outbox worker alerts the team by e-mail of
each lead that came since, still new and unanswered past it, once: overdue_alerts keeps the leads
alerted of, so that several workers alert once, and goes with its lead. The way down drops both
and the alerts still waiting.
"""

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "response_target",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("hours", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "updated_by",
            sa.Integer(),
            sa.ForeignKey("staff_users.id", name="fk_response_target_updated_by"),
            nullable=False,
        ),
    )
    op.create_table(
        "overdue_alerts",
        sa.Column(
            "lead_id",
            sa.Integer(),
            sa.ForeignKey("leads.id", name="fk_overdue_alerts_lead_id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.execute("DELETE FROM outbox WHERE purpose = 'overdue'")
    op.drop_table("overdue_alerts")
    op.drop_table("response_target")
