"""Sign-in with the company's OpenID provider (Authlib's Flask client): the authorization code flow
with PKCE (S256), its state and nonce checked, and the staff account its verified e-mail names.

Between the start and the callback, the state, nonce and PKCE verifier wait in Flask's signed
session cookie (the service keeps no other use of it): `__Secure-inbox-oidc`, on the callback's
path alone, ten minutes at most, SameSite=Lax (the provider's redirect back is a navigation from
another site, which a Strict cookie would not follow). The callback spends it: the same callback
again finds no state."""

from datetime import timedelta
from typing import Any

import requests
from authlib.common.errors import AuthlibBaseError
from authlib.integrations.flask_client import OAuth
from flask import Flask, current_app, request, session
from flask.sessions import SecureCookieSessionInterface
from joserfc.errors import JoseError
from sqlalchemy import select

from ... import content
from ...config import secret_key
from ...extensions import db
from ...models.staff import StaffUser

CALLBACK_PATH = "/api/inbox/auth/oidc/callback"
COOKIE = content.load("inbox")["cookies"]["oidc"]
# Each call to the provider (its metadata, keys, token endpoint) is bounded: a provider that hangs
# must not hold a worker thread.
TIMEOUT_SECONDS = 10


class Refused(Exception):
    """Why a sign-in with the provider does not give a session: `reason` is the audit trail's and
    the sign-in page's code."""

    def __init__(self, reason: str, user: StaffUser | None = None):
        super().__init__(reason)
        self.reason, self.user = reason, user


# What the provider, or the path back from it, may raise: each a refusal, never a 500. Authlib's
# own errors (a state that does not match or was spent, an `error` from the provider, a refused
# code), joserfc's (an ID token whose signature, nonce, audience or times are wrong), the network's,
# and a body that is not the JSON expected.
_FAILURES = (AuthlibBaseError, JoseError, requests.RequestException, ValueError, KeyError, RuntimeError)


class _FlowCookie(SecureCookieSessionInterface):
    """Flask's signed cookie, under a salt of its own, its key SECRET_KEY or the instance's key
    (made when first needed, as for the service's other HMACs)."""

    salt = "inbox-oidc-flow"

    def get_signing_serializer(self, app: Flask) -> Any:
        secret_key(app)
        return super().get_signing_serializer(app)


def init_app(app: Flask) -> None:
    app.session_interface = _FlowCookie()
    app.config.update(
        SESSION_COOKIE_NAME=COOKIE,
        SESSION_COOKIE_PATH=CALLBACK_PATH,
        SESSION_COOKIE_SECURE=True,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Flask refuses a signed session older than this, whatever the browser keeps.
        PERMANENT_SESSION_LIFETIME=timedelta(minutes=10),
    )
    if not enabled(app):
        return
    # One registry per app: each app (each test's too) has its own provider.
    oauth = app.extensions["inbox_oidc"] = OAuth(app)
    oauth.register(
        "inbox",
        client_id=app.config["INBOX_OIDC_CLIENT_ID"],
        client_secret=app.config["INBOX_OIDC_CLIENT_SECRET"],
        server_metadata_url=app.config["INBOX_OIDC_ISSUER"] + "/.well-known/openid-configuration",
        client_kwargs={
            "scope": "openid email",
            "code_challenge_method": "S256",
            "default_timeout": TIMEOUT_SECONDS,
        },
    )


def enabled(app: Flask | None = None) -> bool:
    return bool((app or current_app).config["INBOX_OIDC_ISSUER"])


def _client() -> Any:
    return current_app.extensions["inbox_oidc"].create_client("inbox")


def redirect_uri() -> str:
    return current_app.config["INBOX_URL"] + CALLBACK_PATH


def start() -> Any:
    """The redirect to the provider's authorization endpoint, the flow's secrets kept in the cookie."""
    session.permanent = True
    try:
        return _client().authorize_redirect(redirect_uri())
    except _FAILURES as exc:
        current_app.logger.warning("inbox oidc start failed error=%s", type(exc).__name__)
        raise Refused("oidc_unavailable") from None


def claims() -> dict[str, Any]:
    """The ID token's claims, checked by Authlib (signature, issuer, audience, times, nonce) against
    the state this browser's cookie holds; the code exchanged with its PKCE verifier."""
    try:
        if request.args.get("error"):
            # The person said no at the provider, or it would not sign them in.
            raise Refused("oidc_cancelled")
        token = _client().authorize_access_token()
    except _FAILURES as exc:
        current_app.logger.warning("inbox oidc callback refused error=%s", type(exc).__name__)
        raise Refused("oidc_failed") from None
    finally:
        session.clear()  # the flow's cookie is spent, whatever came back: Flask deletes it
    userinfo = token.get("userinfo")
    if not userinfo:
        raise Refused("oidc_failed")  # no ID token, or no nonce to check it by
    return dict(userinfo)


def staff_user(claims: dict[str, Any]) -> StaffUser:
    """The staff account the provider's e-mail names: only a verified e-mail counts, the account
    must exist already (signing in never signs anyone up) and not be disabled."""
    email = claims.get("email")
    if not isinstance(email, str) or not email.strip():
        raise Refused("oidc_no_email")
    if claims.get("email_verified") is not True:
        raise Refused("oidc_unverified")
    user = db.session.scalar(select(StaffUser).where(StaffUser.email == email.strip().lower()))
    if user is None:
        raise Refused("oidc_not_staff")
    if user.disabled_at is not None:
        raise Refused("oidc_disabled", user)
    return user
