"""deals: the pipeline's stages, the reasons a deal is lost, and each lead's deal

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-29

A lead stopped at "qualified": nothing held its value or when it might close, so the dashboard
counted leads, never money. A lead now becomes a deal with a value, a currency and an expected
close, on a pipeline of stages admins name, order and weigh, lost for a reason from their list.
"""

import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

STAGES = (
    ("New", 10, None),
    ("Contacted", 20, None),
    ("Qualified", 40, None),
    ("Proposal", 60, None),
    ("Won", 100, "won"),
    ("Lost", 0, "lost"),
)
REASONS = ("Price", "Timing", "Chose someone else", "No answer", "Not a fit")


def upgrade() -> None:
    stages = op.create_table(
        "deal_stages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False, unique=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("probability", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.Text()),
    )
    reasons = op.create_table(
        "lost_reasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False, unique=True),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_table(
        "deals",
        sa.Column("lead_id", sa.Integer(), sa.ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("stage_id", sa.Integer(), sa.ForeignKey("deal_stages.id"), nullable=False),
        sa.Column("value_minor", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.Text(), nullable=False),
        sa.Column("expected_close", sa.Date(), nullable=False),
        sa.Column("lost_reason_id", sa.Integer(), sa.ForeignKey("lost_reasons.id")),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_deals_stage_id", "deals", ["stage_id"])
    op.create_index("ix_deals_expected_close", "deals", ["expected_close"])
    op.bulk_insert(
        stages,
        [
            {"name": name, "position": position, "probability": probability, "outcome": outcome}
            for position, (name, probability, outcome) in enumerate(STAGES, start=1)
        ],
    )
    op.bulk_insert(reasons, [{"name": name, "position": n} for n, name in enumerate(REASONS, start=1)])


def downgrade() -> None:
    op.drop_index("ix_deals_expected_close", table_name="deals")
    op.drop_index("ix_deals_stage_id", table_name="deals")
    op.drop_table("deals")
    op.drop_table("lost_reasons")
    op.drop_table("deal_stages")
