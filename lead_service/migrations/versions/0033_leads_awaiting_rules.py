"""leads: waiting for the assignment rules, marked on the lead itself

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-29

While admins kept assignment rules, intake queued each lead's placing as an outbox row of its own
(purpose "route"): a second row in the lead's transaction, with the outbox's indexes, which made
intake measurably slower with rules than without. The lead now says it waits for the rules in its
own row, set in the INSERT intake makes anyway, and the worker finds the waiting few by a partial
index. The leads whose placing was still queued keep waiting, now marked; the route rows go.
"""

import sqlalchemy as sa
from alembic import op

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "leads", sa.Column("awaiting_rules", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_index(
        "ix_leads_awaiting_rules",
        "leads",
        ["id"],
        sqlite_where=sa.text("awaiting_rules = 1"),
        postgresql_where=sa.text("awaiting_rules"),
    )
    leads = sa.table("leads", sa.column("id", sa.Integer), sa.column("awaiting_rules", sa.Boolean))
    outbox = sa.table("outbox", sa.column("lead_id", sa.Integer), sa.column("purpose"), sa.column("status"))
    queued = sa.select(outbox.c.lead_id).where(outbox.c.purpose == "route", outbox.c.status == "pending")
    op.execute(leads.update().where(leads.c.id.in_(queued)).values(awaiting_rules=True))
    op.execute("DELETE FROM outbox WHERE purpose = 'route'")


def downgrade() -> None:
    op.execute(
        "INSERT INTO outbox (lead_id, purpose, status, attempts, created_at, next_attempt_at) "
        "SELECT id, 'route', 'pending', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP "
        "FROM leads WHERE awaiting_rules"
    )
    op.drop_index("ix_leads_awaiting_rules", table_name="leads")
    op.execute("ALTER TABLE leads DROP COLUMN awaiting_rules")
