"""recovery codes kept as an HMAC under a server key, not a plain SHA-256

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27

Each stored SHA-256 is wrapped in the HMAC that the service now checks codes with
(lead_service.inbox.auth.totp.keyed_recovery_digest), so every code given out still works. There is no way
back to a plain hash: the downgrade deletes the codes, and their users enrol again after
`lead-service users reset-2fa` if they ever need one.
"""

import sqlalchemy as sa
from alembic import op

from lead_service.inbox.auth.totp import has_key, keyed_recovery_digest

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

codes = sa.table("staff_recovery_codes", sa.column("id", sa.Integer), sa.column("code_hash", sa.Text))


def upgrade() -> None:
    connection = op.get_bind()
    stored = connection.execute(sa.select(codes.c.id, codes.c.code_hash)).all()
    if stored and not has_key():
        # A key made here would not be the service's: every code would stop working.
        raise RuntimeError(
            "migration 0012 keys the recovery codes under INBOX_TOTP_KEY: set it as the service has it"
        )
    for code_id, digest in stored:
        connection.execute(
            codes.update().where(codes.c.id == code_id).values(code_hash=keyed_recovery_digest(digest))
        )


def downgrade() -> None:
    op.execute(codes.delete())
