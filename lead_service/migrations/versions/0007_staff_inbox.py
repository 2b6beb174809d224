"""the staff inbox: users, sessions, recovery codes, failed sign-ins, audit trail

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "staff_users",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("email", sa.Text(), nullable=False, unique=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("role", sa.Text(), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("totp_secret", sa.Text(), nullable=True),
        sa.Column("totp_pending", sa.Text(), nullable=True),
        sa.Column("totp_last_step", sa.Integer(), nullable=True),
        sa.Column("created_at", _NOW, nullable=False),
        sa.Column("password_changed_at", _NOW, nullable=False),
        sa.Column("disabled_at", _NOW, nullable=True),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("token_hash", sa.Text(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("stage", sa.Text(), nullable=False),
        sa.Column("created_at", _NOW, nullable=False),
        sa.Column("last_seen_at", _NOW, nullable=False),
    )
    op.create_index("ix_staff_sessions_user_id", "staff_sessions", ["user_id"])
    op.create_table(
        "staff_recovery_codes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("code_hash", sa.Text(), nullable=False),
        sa.Column("used_at", _NOW, nullable=True),
    )
    op.create_index("ix_staff_recovery_codes_user_id", "staff_recovery_codes", ["user_id"])
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", _NOW, nullable=False),
        sa.Column("account", sa.Text(), nullable=False),
        sa.Column("client", sa.Text(), nullable=False),
    )
    op.create_index("ix_sign_in_failures_account", "sign_in_failures", ["account", "at"])
    op.create_index("ix_sign_in_failures_client", "sign_in_failures", ["client", "at"])
    op.create_table(
        "audit_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", _NOW, nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("lead_kind", sa.Text(), nullable=True),
        sa.Column("lead_id", sa.Integer(), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
    )
    op.create_index("ix_audit_events_actor", "audit_events", ["actor_id", "id"])
    op.create_index("ix_audit_events_action", "audit_events", ["action", "id"])


def downgrade() -> None:
    for table in (
        "audit_events",
        "sign_in_failures",
        "staff_recovery_codes",
        "staff_sessions",
        "staff_users",
    ):
        op.drop_table(table)
