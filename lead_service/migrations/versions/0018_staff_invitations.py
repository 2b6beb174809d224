"""one-time invitations at which a staff user sets their own password

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27

An admin typed each new user's first password, so the admin, or whoever saw it on its way, could
sign in as the user until they changed it. `lead-service users add` now prints a one-time link
instead, at which the user chooses their password; only the link's SHA-256 is kept. Users added
before keep the passwords they have.
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_invitations",
        sa.Column("token_hash", sa.Text(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_staff_invitations_user_id", "staff_invitations", ["user_id"])


def downgrade() -> None:
    op.drop_table("staff_invitations")
