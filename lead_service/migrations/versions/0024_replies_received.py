"""a lead's replies read back from the sales mailbox into its conversation

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27

What a lead wrote back to the team's replies stayed in the sales mailbox, out of the inbox. The
outbox worker now reads that mailbox over IMAP and keeps each message that answers one of the
conversation's as a lead_messages row of direction "in", with its sender's address and the names
and sizes of its attachments (not the files). mailbox_reads keeps where each folder's reading got
to (IMAP's UIDVALIDITY and the last UID read) and a short lease, so that several workers read it
once. The way down drops the messages read, their owners' notices and the reading's place.
"""

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lead_messages") as batch:
        batch.add_column(sa.Column("from_address", sa.Text()))
        batch.add_column(sa.Column("attachments", sa.JSON()))
    op.create_table(
        "mailbox_reads",
        sa.Column("folder", sa.Text(), primary_key=True),
        sa.Column("uid_validity", sa.BigInteger(), nullable=False),
        sa.Column("last_uid", sa.BigInteger(), nullable=False),
        sa.Column("leased_until", sa.DateTime(timezone=True)),
        sa.Column("read_at", sa.DateTime(timezone=True)),
    )


def downgrade() -> None:
    op.execute("DELETE FROM outbox WHERE purpose = 'reply_received'")
    op.execute("DELETE FROM lead_messages WHERE direction = 'in'")
    op.drop_table("mailbox_reads")
    with op.batch_alter_table("lead_messages") as batch:
        batch.drop_column("attachments")
        batch.drop_column("from_address")
