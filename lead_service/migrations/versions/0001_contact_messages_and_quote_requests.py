"""contact messages and quote requests

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _lead_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("page", sa.Text(), nullable=True),
    ]


def upgrade() -> None:
    op.create_table(
        "contact_messages",
        *_lead_columns(),
        sa.Column("form", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("company", sa.Text(), nullable=True),
        sa.Column("email", sa.Text(), nullable=False),
        sa.Column("phone", sa.Text(), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
    )
    op.create_table(
        "quote_requests",
        *_lead_columns(),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("email", sa.Text(), nullable=False),
        sa.Column("phone", sa.Text(), nullable=False),
        sa.Column("project", sa.Text(), nullable=False),
        sa.Column("budget", sa.Text(), nullable=False),
        sa.Column("country", sa.Text(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("quote_requests")
    op.drop_table("contact_messages")
