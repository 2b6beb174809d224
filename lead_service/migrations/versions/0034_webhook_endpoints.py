"""webhook endpoints kept in the inbox, their deliveries and tries; WEBHOOK_URL made one

Revision ID: 0034
Revises: 0033
Create Date: 2026-11-29

Admins keep any number of webhook endpoints, each with its events and its own secret; each event
for each endpoint is a delivery, each try of it an attempt (docs/integrations.md "Webhooks"). A
deployment with WEBHOOK_URL set gets it as one endpoint (lead.created, legacy: the old body and
X-Lead-* headers too), its secret WEBHOOK_SECRET's bytes, so that the one shared secret checks both
signatures. The app's settings are read here, as env.py runs inside the app.
"""

import base64
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op
from flask import current_app

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None


def upgrade() -> None:
    endpoints = op.create_table(
        "webhook_endpoints",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False, server_default=""),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("secret", sa.Text(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("staff_users.id", ondelete="SET NULL")),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failing_since", sa.DateTime(timezone=True)),
        sa.Column("disabled_reason", sa.Text()),
        sa.Column("legacy", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "webhook_deliveries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "endpoint_id",
            sa.Integer(),
            sa.ForeignKey("webhook_endpoints.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("message_id", sa.Text(), nullable=False, unique=True),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("lead_id", sa.Integer()),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_webhook_deliveries_due", "webhook_deliveries", ["status", "next_attempt_at"])
    op.create_index("ix_webhook_deliveries_endpoint", "webhook_deliveries", ["endpoint_id", "id"])
    op.create_index("ix_webhook_deliveries_lead", "webhook_deliveries", ["lead_id"])
    op.create_table(
        "webhook_attempts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "delivery_id",
            sa.Integer(),
            sa.ForeignKey("webhook_deliveries.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status_code", sa.Integer()),
        sa.Column("error", sa.Text()),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("response", sa.Text(), nullable=False, server_default=""),
    )
    op.create_index("ix_webhook_attempts_delivery_id", "webhook_attempts", ["delivery_id"])
    url, secret = current_app.config["WEBHOOK_URL"], current_app.config["WEBHOOK_SECRET"]
    if url:
        op.bulk_insert(
            endpoints,
            [
                {
                    "url": url,
                    "description": "WEBHOOK_URL",
                    "events": ["lead.created"],
                    "secret": "whsec_" + base64.b64encode(secret.encode()).decode(),
                    "enabled": True,
                    "created_at": datetime.now(UTC),
                    "legacy": True,
                }
            ],
        )


def downgrade() -> None:
    op.drop_table("webhook_attempts")
    op.drop_table("webhook_deliveries")
    op.drop_table("webhook_endpoints")
