"""deals: the board's order within a stage, and its count of the recently closed

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-29

The board shows each stage's open deals soonest expected close first, a page at a time. One index
on (stage, expected close, lead) hands it a column's page in order, and serves what the single
stage index did. Its won and lost columns count the deals closed lately, found by when they
closed.
"""

from alembic import op

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_deals_board", "deals", ["stage_id", "expected_close", "lead_id"])
    op.drop_index("ix_deals_stage_id", table_name="deals")
    op.create_index("ix_deals_closed_at", "deals", ["closed_at"])


def downgrade() -> None:
    op.drop_index("ix_deals_closed_at", table_name="deals")
    op.create_index("ix_deals_stage_id", "deals", ["stage_id"])
    op.drop_index("ix_deals_board", table_name="deals")
