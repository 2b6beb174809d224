"""E-mail to a member of staff on each security event of their own account (locked, a new password,
a new authenticator app, a recovery code used, ...), so that an attacker's doings on an account do
not go unnoticed by the one person who can tell they were not theirs. Queued in the outbox in the
event's own transaction, and sent by e-mail alone (outbox.security.security_email says what it
says); a disabled user is told nothing."""

from typing import Any

from ...models.staff import StaffUser
from ...outbox import queue
from ...outbox.security import SECURITY_EVENTS


def notify(user: StaffUser, event: str, **facts: Any) -> None:
    """Adds the e-mail telling `user` of `event` (a key of SECURITY_EVENTS) to the session, to be
    committed with the event. `facts` are what its text names (a count), never a secret."""
    if event not in SECURITY_EVENTS:
        raise ValueError(f"unknown security event {event!r}")
    if user.disabled_at is None:
        queue.enqueue_security(user.id, event, facts)
