"""the outbox workers' heartbeats

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28

A stuck outbox worker looked healthy until a salesperson noticed that no lead was told. Each worker
now writes when it last went round its loop, under its host's name (a container's own), so that
`lead-service outbox health`, the readiness probe and the metrics can tell a live worker from a
silent one.
"""

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "worker_heartbeats",
        sa.Column("name", sa.Text(), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("worker_heartbeats")
