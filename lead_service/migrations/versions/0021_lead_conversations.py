"""a lead's conversation: the replies staff send from the inbox, carried by the outbox, and saved replies

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-27

The sales team answered leads from their own mailboxes, so neither the team nor the inbox saw what
was said. A reply is now a row of lead_messages, written with the outbox row that sends it (purpose
"reply", its lead_message_id naming the message), and goes with its lead. The outbox's new column
is added by copying the table on SQLite, which cannot add a foreign key in place. Admins keep
saved replies, the texts a reply may start from. The way down drops the replies, their outbox rows
and the saved replies.
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lead_messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "lead_id",
            sa.Integer(),
            sa.ForeignKey("leads.id", name="fk_lead_messages_lead_id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("direction", sa.Text(), nullable=False),
        sa.Column(
            "author_id", sa.Integer(), sa.ForeignKey("staff_users.id", name="fk_lead_messages_author_id")
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("to_address", sa.Text(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("message_id", sa.Text(), nullable=False),
        sa.Column("in_reply_to", sa.Text()),
        sa.Column("reference_ids", sa.Text()),
        sa.UniqueConstraint("message_id", name="uq_lead_messages_message_id"),
    )
    op.create_index("ix_lead_messages_lead", "lead_messages", ["lead_id", "id"])
    op.create_table(
        "saved_replies",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "updated_by",
            sa.Integer(),
            sa.ForeignKey("staff_users.id", name="fk_saved_replies_updated_by"),
            nullable=False,
        ),
        sa.UniqueConstraint("title", name="uq_saved_replies_title"),
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("lead_message_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_outbox_lead_message_id", "lead_messages", ["lead_message_id"], ["id"], ondelete="CASCADE"
        )
        batch.create_index("ix_outbox_lead_message_id", ["lead_message_id"])


def downgrade() -> None:
    op.execute("DELETE FROM outbox WHERE purpose = 'reply'")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_index("ix_outbox_lead_message_id")
        batch.drop_constraint("fk_outbox_lead_message_id", type_="foreignkey")
        batch.drop_column("lead_message_id")
    op.drop_table("saved_replies")
    op.drop_table("lead_messages")
