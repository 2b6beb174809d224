"""assignment rules, the groups they give leads to, each person's availability, unowned alerts

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-29

Someone had to read each new lead and pick its owner, so a lead that came at night waited for
whoever looked first. Admins now keep rules that give a lead to a named person or share it among a
group's members; a person can be away or have a cap of open leads; and the team is alerted once of
a lead nobody was given. The leads' (owner, status) index counts each person's open leads.
"""

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("staff_users") as table:
        table.add_column(sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false()))
        table.add_column(sa.Column("open_leads_cap", sa.Integer()))
    op.create_index("ix_leads_owner", "leads", ["owner_id", "status"])
    op.create_table(
        "staff_groups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False, unique=True),
        sa.Column("last_given_to", sa.Integer(), sa.ForeignKey("staff_users.id")),
    )
    op.create_table(
        "staff_group_members",
        sa.Column(
            "group_id", sa.Integer(), sa.ForeignKey("staff_groups.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("staff_users.id"), primary_key=True),
    )
    op.create_index("ix_staff_group_members_user_id", "staff_group_members", ["user_id"])
    op.create_table(
        "assignment_rules",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("forms", sa.Text(), nullable=False),
        sa.Column("countries", sa.Text(), nullable=False),
        sa.Column("budgets", sa.Text(), nullable=False),
        sa.Column("sources", sa.Text(), nullable=False),
        sa.Column("target", sa.Text(), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("staff_users.id")),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("staff_groups.id")),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
    )
    op.create_table(
        "unowned_alert_setting",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("minutes", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
    )
    op.create_table(
        "unowned_alerts",
        sa.Column("lead_id", sa.Integer(), sa.ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("unowned_alerts")
    op.drop_table("unowned_alert_setting")
    op.drop_table("assignment_rules")
    op.drop_index("ix_staff_group_members_user_id", table_name="staff_group_members")
    op.drop_table("staff_group_members")
    op.drop_table("staff_groups")
    op.drop_index("ix_leads_owner", table_name="leads")
    with op.batch_alter_table("staff_users") as table:
        table.drop_column("open_leads_cap")
        table.drop_column("away")
