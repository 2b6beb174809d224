"""the sales mailbox's set-aside messages, and answers from other addresses

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-28

One message in the sales mailbox that could not be stored stopped every answer after it. A message
that cannot be filed is now set aside, with why, where admins see it; an answer from an address
other than the lead's is filed marked, and told to nobody until someone confirms it; each answer's
sender is kept folded, so that an erasure finds it in any lead's conversation; and the read keeps
when its oldest message not yet handled came in.
"""

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lead_messages") as table:
        table.add_column(sa.Column("from_folded", sa.Text()))
        table.add_column(
            sa.Column("from_other_address", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        table.add_column(
            sa.Column(
                "confirmed_by",
                sa.Integer(),
                sa.ForeignKey("staff_users.id", name="fk_lead_messages_confirmed_by"),
            )
        )
        table.add_column(sa.Column("confirmed_at", sa.DateTime(timezone=True)))
        table.create_index("ix_lead_messages_from_folded", ["from_folded"])
    messages = sa.table(
        "lead_messages",
        sa.column("id", sa.Integer),
        sa.column("from_address", sa.Text),
        sa.column("from_folded", sa.Text),
    )
    connection = op.get_bind()
    # Folded in Python, as the service folds (str.casefold), not by the database's lower().
    for row in connection.execute(
        sa.select(messages.c.id, messages.c.from_address).where(messages.c.from_address.is_not(None))
    ):
        connection.execute(
            messages.update()
            .where(messages.c.id == row.id)
            .values(from_folded=row.from_address.strip().casefold())
        )
    with op.batch_alter_table("mailbox_reads") as table:
        table.add_column(sa.Column("oldest_unread_at", sa.DateTime(timezone=True)))
    op.create_table(
        "mailbox_set_aside",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("folder", sa.Text(), nullable=False),
        sa.Column("uid_validity", sa.BigInteger(), nullable=False),
        sa.Column("uid", sa.BigInteger(), nullable=False),
        sa.Column("set_aside_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column(
            "lead_id",
            sa.Integer(),
            sa.ForeignKey("leads.id", name="fk_mailbox_set_aside_lead_id", ondelete="SET NULL"),
        ),
        sa.Column("message_id", sa.Text()),
        sa.Column("in_reply_to", sa.Text()),
        sa.Column("reference_ids", sa.Text()),
        sa.Column("sender", sa.Text(), nullable=False),
        sa.Column("sender_folded", sa.Text(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("attachments", sa.JSON()),
        sa.Column("resolved_at", sa.DateTime(timezone=True)),
        sa.Column(
            "resolved_by",
            sa.Integer(),
            sa.ForeignKey("staff_users.id", name="fk_mailbox_set_aside_resolved_by"),
        ),
        sa.Column("resolution", sa.Text()),
        sa.Column(
            "filed_message_id",
            sa.Integer(),
            sa.ForeignKey(
                "lead_messages.id", name="fk_mailbox_set_aside_filed_message_id", ondelete="SET NULL"
            ),
        ),
    )
    op.create_index("ix_mailbox_set_aside_open", "mailbox_set_aside", ["resolved_at", "id"])
    op.create_index("ix_mailbox_set_aside_sender_folded", "mailbox_set_aside", ["sender_folded"])


def downgrade() -> None:
    op.drop_table("mailbox_set_aside")
    with op.batch_alter_table("mailbox_reads") as table:
        table.drop_column("oldest_unread_at")
    with op.batch_alter_table("lead_messages") as table:
        table.drop_index("ix_lead_messages_from_folded")
        for column in ("confirmed_at", "confirmed_by", "from_other_address", "from_folded"):
            table.drop_column(column)
