"""where a lead's visit began: UTM parameters, referring host, landing path

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26

Added in place, as migration 0010's columns are, to keep the search triggers of the lead tables.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

TABLES = ("contact_messages", "quote_requests")
COLUMNS = (
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "referrer_host",
    "landing_path",
)


def upgrade() -> None:
    for table in TABLES:
        for column in COLUMNS:
            op.add_column(table, sa.Column(column, sa.Text(), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        for column in reversed(COLUMNS):
            op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
