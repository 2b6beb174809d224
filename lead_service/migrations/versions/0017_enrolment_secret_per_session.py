"""the pending authenticator secret kept per session, not per user

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27

Every session at the password step was shown the user's one pending secret, so whoever knew the
first password could add it to an app of their own and keep a working second factor after the
real user enrolled. The secret now belongs to the session that asked for it, and lapses after ten
minutes. Secrets pending on the way up are dropped: their users are shown a new one on reload.
The way down drops the sessions' secrets the same way.
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("staff_sessions") as batch:
        batch.add_column(sa.Column("totp_pending", sa.Text(), nullable=True))
        batch.add_column(sa.Column("totp_pending_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("staff_users") as batch:
        batch.drop_column("totp_pending")


def downgrade() -> None:
    with op.batch_alter_table("staff_users") as batch:
        batch.add_column(sa.Column("totp_pending", sa.Text(), nullable=True))
    with op.batch_alter_table("staff_sessions") as batch:
        batch.drop_column("totp_pending_at")
        batch.drop_column("totp_pending")
