"""deals: each stage's count and value by currency read from an index alone

Revision ID: 0036
Revises: 0035
Create Date: 2026-11-30

The board sums every open deal's value by stage and currency on each read. At a million leads
(124,000 open deals) reading them from the table took 144 ms; from an index of exactly those
columns, in their order, 34 ms (docs/performance.md, "The board's totals").
"""

from alembic import op

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_deals_totals", "deals", ["stage_id", "currency", "value_minor"])


def downgrade() -> None:
    op.drop_index("ix_deals_totals", table_name="deals")
