"""consent records

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "consent_records",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("consent_id", sa.Text(), nullable=False, index=True),
        sa.Column("essential", sa.Boolean(), nullable=False),
        sa.Column("analytics", sa.Boolean(), nullable=False),
        sa.Column("marketing", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("consent_records")
