"""API tokens: what the team's other tools (a CRM, a sync, a report) call /api/v1/ with, as
`Authorization: Bearer <token>`. A token is 256 random bits, shown once; only its SHA-256 is stored,
which is enough for a secret that long (no password to guess from a hash). It acts as the admin who
made it, within its scopes and within what that admin may still do: a token outlives no change to
its maker's role or account. Tokens open /api/v1/ alone: the inbox's own API takes a session and
its CSRF token, and the public intake reads no Authorization header."""

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any

from flask import abort, g, request
from sqlalchemy import select, update
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Unauthorized

from ...extensions import db
from ...models.leads import as_utc
from ...models.staff import ApiToken, StaffUser

# Each scope, and the role its maker must hold for a token to use it.
SCOPES = {
    "leads:read": "viewer",  # the leads, one lead, the changes
    "leads:write": "sales",  # a lead's status, owner and notes
    "audit:read": "admin",  # the audit trail
}
PREFIX = "lsk_"  # says what a leaked string is, to a secret scanner and to whoever finds it
MAX_DAYS = 366
# A call within this long of the last one recorded writes nothing, so that a busy sync does not
# write its token's row on every call.
USE_RESOLUTION = timedelta(minutes=1)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def make(name: str, scopes: list[str], days: int, maker: StaffUser) -> tuple[ApiToken, str]:
    """A new token, added to the session, and the token itself, which nothing keeps."""
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(
        name=name,
        token_hash=digest(token),
        scopes=" ".join(scope for scope in SCOPES if scope in scopes),
        created_by=maker.id,
        expires_at=datetime.now(UTC) + timedelta(days=days),
    )
    db.session.add(row)
    db.session.flush()
    return row, token


def presented() -> str | None:
    """The bearer token the request carries, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


def rate_key() -> str:
    """Who a call counts against (API_TOKEN_RATE_LIMIT): the token itself, by its hash, with no
    read of the database before the limit."""
    return f"token-{digest(presented() or '')}"


def _refused(description: str) -> Unauthorized:
    return Unauthorized(description=description, www_authenticate=WWWAuthenticate("bearer", {"realm": "api"}))


def _maker_of(row: ApiToken | None) -> StaffUser | None:
    """The token's maker, when the token may still be used: neither revoked nor expired, its maker
    still able to sign in."""
    if row is None or row.revoked_at is not None or as_utc(row.expires_at) <= datetime.now(UTC):
        return None
    maker = db.session.get(StaffUser, row.created_by)
    return maker if maker is not None and maker.disabled_at is None else None


def _note_use(row: ApiToken) -> None:
    now = datetime.now(UTC)
    if row.last_used_at is None or now - as_utc(row.last_used_at) >= USE_RESOLUTION:
        db.session.execute(update(ApiToken).where(ApiToken.id == row.id).values(last_used_at=now))


def token(scope: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The view needs a usable token with `scope` (else 401; 403 for a token without the scope, or
    whose maker's role no longer allows it). The view finds the token in g.api_token and its maker
    in g.staff, as the inbox's guard gives a session's user: the audit trail names both."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}")

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            sent = presented()
            if sent is None:
                raise _refused("Send an API token as `Authorization: Bearer <token>`.")
            row = db.session.scalar(select(ApiToken).where(ApiToken.token_hash == digest(sent)))
            maker = _maker_of(row)
            if row is None or maker is None:
                raise _refused(
                    "This API token is unknown, revoked or expired, or its maker can no longer sign in."
                )
            if scope not in row.scopes.split() or not maker.may(SCOPES[scope]):
                abort(403, description=f"This token's scopes do not allow this: it needs {scope}.")
            _note_use(row)
            g.api_token, g.staff = row, maker
            return view(*args, **kwargs)

        # Read by the OpenAPI document, which adds the token's scheme and the answers it gives.
        guarded.token_scope = scope  # type: ignore[attr-defined]
        return guarded

    return decorate
