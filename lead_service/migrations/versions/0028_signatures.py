"""each member of staff's signature

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-29

Replies to leads went out without the writer's signature; each user now keeps one on their account
page, and their replies end with it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("staff_users") as table:
        table.add_column(sa.Column("signature", sa.Text()))


def downgrade() -> None:
    with op.batch_alter_table("staff_users") as table:
        table.drop_column("signature")
