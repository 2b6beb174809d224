"""idempotency keys name the row they answered for

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import json
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# The endpoints that stored a row under a key when this revision was written, and their tables.
_TABLES = {
    "leads.create_contact": "contact_messages",
    "leads.create_quote": "quote_requests",
    "consent.record_consent": "consent_records",
}


def upgrade() -> None:
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("record_table", sa.Text(), nullable=True))
        batch.add_column(sa.Column("record_id", sa.Integer(), nullable=True))
        batch.create_index("ix_idempotency_keys_record", ["record_table", "record_id"])
    keys = sa.table(
        "idempotency_keys",
        sa.column("endpoint", sa.Text),
        sa.column("key", sa.Text),
        sa.column("response", sa.Text),
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("record_table", sa.Text),
        sa.column("record_id", sa.Integer),
    )
    connection = op.get_bind()
    # Until now a key stayed until the same key came again: those past their 24 hours go, and
    # the outbox worker removes each from now on.
    connection.execute(keys.delete().where(keys.c.created_at < datetime.now(UTC) - timedelta(hours=24)))
    # The rest answer with their row's id: link them, so that erasing a person takes their keys too.
    for endpoint, key, response in connection.execute(
        sa.select(keys.c.endpoint, keys.c.key, keys.c.response)
    ):
        record_id = json.loads(response).get("id")
        if endpoint in _TABLES and isinstance(record_id, int):
            connection.execute(
                keys.update()
                .where(keys.c.endpoint == endpoint, keys.c.key == key)
                .values(record_table=_TABLES[endpoint], record_id=record_id)
            )


def downgrade() -> None:
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_index("ix_idempotency_keys_record")
        batch.drop_column("record_id")
        batch.drop_column("record_table")
