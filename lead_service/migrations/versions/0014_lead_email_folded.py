"""each lead's address case-folded beside it, for erasure to find every lead of a person

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27

Added in place, as migration 0010's columns are, to keep the search triggers of the lead tables;
filled in here with the service's own folding (lead_service.models.fold_address), which no SQL
function matches on both databases.
"""

import sqlalchemy as sa
from alembic import op

from lead_service.models.leads import fold_address

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

TABLES = ("contact_messages", "quote_requests")
BATCH = 1000


def upgrade() -> None:
    connection = op.get_bind()
    for name in TABLES:
        op.add_column(name, sa.Column("email_folded", sa.Text(), nullable=True))
        table = sa.table(
            name, sa.column("id", sa.Integer), sa.column("email", sa.Text), sa.column("email_folded", sa.Text)
        )
        last = 0
        while rows := connection.execute(
            sa.select(table.c.id, table.c.email).where(table.c.id > last).order_by(table.c.id).limit(BATCH)
        ).all():
            for lead_id, address in rows:
                connection.execute(
                    table.update().where(table.c.id == lead_id).values(email_folded=fold_address(address))
                )
            last = rows[-1][0]
        op.create_index(f"ix_{name}_email_folded", name, ["email_folded"])


def downgrade() -> None:
    for name in TABLES:
        op.drop_index(f"ix_{name}_email_folded", table_name=name)
        op.execute(f"ALTER TABLE {name} DROP COLUMN email_folded")
