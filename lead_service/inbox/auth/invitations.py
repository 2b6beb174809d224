"""One-time invitations: the link at which a staff user chooses their own password, so that nobody
else ever knows it. A new link voids the user's earlier ones; a link is used once, and lapses after
INVITATION_HOURS."""

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import delete, select

from ...extensions import db
from ...models.leads import as_utc
from ...models.staff import StaffInvitation, StaffUser
from . import passwords

INVITATION_HOURS = 72


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def unusable_password() -> str:
    """A hash of a password nobody knows: the account's until its invitation is taken. A real hash,
    so that a sign-in to it takes as long as any other."""
    return passwords.hash_password(secrets.token_urlsafe(32))


def issue(user: StaffUser) -> str:
    """A new invitation for the user, voiding their earlier ones (for the caller to commit): the
    link to give them."""
    token = secrets.token_urlsafe(32)
    db.session.execute(delete(StaffInvitation).where(StaffInvitation.user_id == user.id))
    now = datetime.now(UTC)
    db.session.add(
        StaffInvitation(
            token_hash=_hash(token),
            user_id=user.id,
            created_at=now,
            expires_at=now + timedelta(hours=INVITATION_HOURS),
        )
    )
    return f"{current_app.config['INBOX_URL']}/inbox/invitation?token={token}"


def find(token: str) -> StaffUser | None:
    """The user a live invitation is for: None when the token is no invitation's, was used, has
    lapsed, or its user was disabled since."""
    invitation = db.session.get(StaffInvitation, _hash(token))
    if invitation is None or as_utc(invitation.expires_at) <= datetime.now(UTC):
        return None
    user = db.session.get(StaffUser, invitation.user_id)
    return user if user is not None and user.disabled_at is None else None


def take(token: str) -> bool:
    """Uses the invitation up (for the caller to commit): whether it was still there, so that of two
    takes at the same moment one alone goes on."""
    taken = db.session.execute(delete(StaffInvitation).where(StaffInvitation.token_hash == _hash(token)))
    return taken.rowcount > 0


def pending(user: StaffUser) -> bool:
    """Whether the user has an invitation not yet taken (and not lapsed)."""
    live = select(StaffInvitation.token_hash).where(
        StaffInvitation.user_id == user.id, StaffInvitation.expires_at > datetime.now(UTC)
    )
    return db.session.scalar(live) is not None
