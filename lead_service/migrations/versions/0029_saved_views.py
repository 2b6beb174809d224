"""views of the list saved by name

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-29

Each member of staff set the list's filters anew every time; a view of them is now saved by name,
for its owner alone or shared with the team.
"""

import sqlalchemy as sa
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_views",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("owner_id", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("query", sa.Text(), nullable=False),
        sa.Column("shared", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("uq_saved_views_owner_name", "saved_views", ["owner_id", "name"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_saved_views_owner_name", table_name="saved_views")
    op.drop_table("saved_views")
