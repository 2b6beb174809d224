"""Staff sessions: a random 256-bit token in a `__Host-` cookie (Secure, HttpOnly, SameSite=Strict,
Path=/), stored only as its SHA-256, ending 30 minutes after the last request or 12 hours after the
sign-in (INBOX_IDLE_MINUTES, INBOX_SESSION_HOURS), at sign-out, when the user is disabled, and when
their password changes. Each session's CSRF token is an HMAC of its token, so it needs no storage
and dies with it."""

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta

from flask import Response, current_app
from sqlalchemy import delete

from ... import content
from ...config import secret_key
from ...extensions import db
from ...models.leads import as_utc
from ...models.staff import StaffSession, StaffUser

COOKIE = content.load("inbox")["cookies"]["session"]
# Seen again only after a minute: a page's burst of requests writes the row once.
_TOUCH_EVERY = timedelta(minutes=1)
# A session's stages before "signed_in": the first factor was right (the password, or the OpenID
# provider's sign-in), the inbox's second factor still to come.
SECOND_STEP = ("password", "provider")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start(user: StaffUser, stage: str) -> str:
    """A new session for `user` at `stage`, added to the transaction; its token, for the cookie."""
    token = secrets.token_urlsafe(32)
    db.session.add(StaffSession(token_hash=_hash(token), user_id=user.id, stage=stage))
    return token


def find(token: str | None) -> StaffSession | None:
    """The live session the token names, seen now; None (and the row gone) once it has expired."""
    if not token:
        return None
    session = db.session.get(StaffSession, _hash(token))
    if session is None:
        return None
    now = datetime.now(UTC)
    idle = timedelta(minutes=current_app.config["INBOX_IDLE_MINUTES"])
    longest = timedelta(hours=current_app.config["INBOX_SESSION_HOURS"])
    if now - as_utc(session.last_seen_at) > idle or now - as_utc(session.created_at) > longest:
        db.session.delete(session)
        db.session.commit()
        return None
    if now - as_utc(session.last_seen_at) > _TOUCH_EVERY:
        session.last_seen_at = now
        db.session.commit()
    return session


def end(token: str) -> bool:
    """Deletes the session the token names (to be committed by the caller): whether it was there."""
    return (
        db.session.execute(delete(StaffSession).where(StaffSession.token_hash == _hash(token))).rowcount > 0
    )


def stored(token: str | None) -> StaffSession | None:
    """The row of the session the token names, live or not (only `find` decides that), not marked
    seen."""
    return db.session.get(StaffSession, _hash(token)) if token else None


def first_factor(token: str) -> str:
    """How the session at its second step began: "oidc" (the provider's sign-in) or "password"."""
    return "oidc" if stored(token).stage == "provider" else "password"


def started_at(token: str) -> datetime:
    """When the live session the token names began (at its sign-in, or its last new token)."""
    return as_utc(stored(token).created_at)


def end_all(user_id: int) -> int:
    """Deletes every session of a user (to be committed by the caller): how many."""
    return db.session.execute(delete(StaffSession).where(StaffSession.user_id == user_id)).rowcount


def csrf_token(token: str) -> str:
    return hmac.new(secret_key(current_app), b"inbox-csrf\n" + token.encode(), hashlib.sha256).hexdigest()


def set_cookie(response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=current_app.config["INBOX_SESSION_HOURS"] * 3600,
        path="/",
        secure=True,
        httponly=True,
        samesite="Strict",
    )


def clear_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="Strict")
