"""sign-in tries counted per device too, and as they arrive; wrong second-factor codes counted

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sign_in_failures") as table:
        table.add_column(sa.Column("device", sa.Text(), nullable=True))
        table.add_column(sa.Column("settled", sa.Boolean(), nullable=False, server_default=sa.true()))
        table.create_index("ix_sign_in_failures_device", ["device", "at"])
    with op.batch_alter_table("staff_users") as table:
        table.add_column(sa.Column("totp_failures", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("staff_users") as table:
        table.drop_column("totp_failures")
    with op.batch_alter_table("sign_in_failures") as table:
        table.drop_index("ix_sign_in_failures_device")
        table.drop_column("settled")
        table.drop_column("device")
