"""people merged across addresses, and what finds who may be the same person

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-30

A person was the leads of one address; someone who wrote from work and from home was two. Staff
now merge two people into one (person_addresses: each address moved into another person, with the
merge that moved it), and undo a merge (person_merge_moves: where each address it moved was
before). Who may be the same person is found by the phone in E.164 and by the name and company,
case-folded: two columns of the leads, indexed, filled in here with the service's own folding
(lead_service.models.leads), which no SQL function matches on both databases.
"""

import sqlalchemy as sa
from alembic import op

from lead_service.models.leads import fold_name_and_company, fold_phone

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None

BATCH = 1000


def _fold_leads() -> None:
    connection = op.get_bind()
    texts = ("name", "company", "phone", "phone_e164", "name_company_folded")
    leads = sa.table("leads", sa.column("id", sa.Integer), *(sa.column(name, sa.Text) for name in texts))
    update = (
        leads.update()
        .where(leads.c.id == sa.bindparam("lead_id"))
        .values({name: sa.bindparam(name) for name in ("phone_e164", "name_company_folded")})
    )
    last = 0
    while rows := connection.execute(
        sa.select(leads.c.id, leads.c.name, leads.c.company, leads.c.phone)
        .where(leads.c.id > last)
        .order_by(leads.c.id)
        .limit(BATCH)
    ).all():
        folded = [
            {
                "lead_id": lead_id,
                "phone_e164": fold_phone(phone),
                "name_company_folded": fold_name_and_company(name, company),
            }
            for lead_id, name, company, phone in rows
        ]
        connection.execute(update, folded)
        last = rows[-1][0]


def upgrade() -> None:
    op.add_column("leads", sa.Column("phone_e164", sa.Text(), nullable=True))
    op.add_column("leads", sa.Column("name_company_folded", sa.Text(), nullable=True))
    _fold_leads()
    op.create_index("ix_leads_phone_e164", "leads", ["phone_e164"])
    op.create_index("ix_leads_name_company_folded", "leads", ["name_company_folded"])
    op.create_table(
        "person_merges",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("merged_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("merged_by_id", sa.Integer(), sa.ForeignKey("staff_users.id"), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True)),
        sa.Column("undone_by_id", sa.Integer(), sa.ForeignKey("staff_users.id")),
    )
    op.create_table(
        "person_addresses",
        sa.Column("address", sa.Text(), primary_key=True),
        sa.Column("person", sa.Text(), nullable=False),
        sa.Column("merge_id", sa.Integer(), sa.ForeignKey("person_merges.id"), nullable=False),
    )
    op.create_index("ix_person_addresses_person", "person_addresses", ["person"])
    op.create_index("ix_person_addresses_merge_id", "person_addresses", ["merge_id"])
    op.create_table(
        "person_merge_moves",
        sa.Column(
            "merge_id",
            sa.Integer(),
            sa.ForeignKey("person_merges.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.Text(), primary_key=True),
        sa.Column("person_before", sa.Text()),
        sa.Column("merge_before_id", sa.Integer(), sa.ForeignKey("person_merges.id")),
    )
    op.create_index("ix_person_merge_moves_address", "person_merge_moves", ["address"])


def downgrade() -> None:
    op.drop_table("person_merge_moves")
    op.drop_table("person_addresses")
    op.drop_table("person_merges")
    op.drop_index("ix_leads_name_company_folded", table_name="leads")
    op.drop_index("ix_leads_phone_e164", table_name="leads")
    op.execute("ALTER TABLE leads DROP COLUMN name_company_folded")
    op.execute("ALTER TABLE leads DROP COLUMN phone_e164")
