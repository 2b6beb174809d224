"""Sign-in with the company's OpenID provider, under /api/inbox/: which ways in the sign-in page
offers, the redirect to the provider and its callback, and the step a session the callback started
is at. The callback's session is started as the password's is (sessions.py, its cookie): at the
"provider" stage when the inbox's own second factor follows (INBOX_OIDC_SECOND_FACTOR), else signed
in. A refusal goes back to the sign-in page with its code, never as an error page."""

from typing import Any
from urllib.parse import urlencode

from flask import Response, abort, current_app, g, redirect, request

from ... import audit
from ...intake import contract
from . import oidc, sessions, throttle
from .auth_api import _commit, second_step
from .guard import staff
from .sign_in_schemas import InboxSignInMethods, InboxSignInStep

bp = contract.Blueprint("inbox_oidc", __name__, url_prefix="/api/inbox")

LOGIN_PAGE = "/inbox/login"
_REDIRECT = {"Location": {"description": "Where the browser goes next.", "schema": {"type": "string"}}}


def _to_login(**query: str) -> Response:
    return redirect(f"{current_app.config['INBOX_URL']}{LOGIN_PAGE}?{urlencode(query)}", 302)


def _refused(refusal: oidc.Refused) -> Response:
    """The sign-in page with the refusal's code; the flow's cookie spent; the refusal audited."""
    audit.record(
        "sign_in_failed", refusal.user.id if refusal.user else None, reason=refusal.reason, method="oidc"
    )
    _commit()
    return _to_login(error=refusal.reason)


@bp.get("/sign-in/methods")
@bp.response(200, InboxSignInMethods, description="The ways in the sign-in page offers.")
def sign_in_methods():
    """Which ways in the sign-in page offers: the password, the OpenID provider, or both."""
    config = current_app.config
    return {
        "password": config["INBOX_PASSWORD_SIGN_IN"],
        "oidc": config["INBOX_OIDC_NAME"] if oidc.enabled() else None,
    }


@bp.get("/auth/oidc/start")
@bp.response(302, description="To the provider's sign-in, or back to the sign-in page.", headers=_REDIRECT)
@bp.refuses(404, "Sign-in with an OpenID provider is not set up.")
def oidc_start():
    """Sign in with the OpenID provider: the redirect to it, with state, nonce and PKCE."""
    if not oidc.enabled():
        abort(404, description="Sign-in with an OpenID provider is not set up.")
    try:
        return oidc.start()
    except oidc.Refused as refusal:
        return _refused(refusal)


_CALLBACK_PARAMETERS = [
    {"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": said}
    for name, said in (
        ("code", "The provider's one-time code."),
        ("state", "The state the start sent, back."),
        ("error", "The provider's refusal, instead of a code."),
    )
]


@bp.get("/auth/oidc/callback")
@bp.doc(parameters=_CALLBACK_PARAMETERS)
@bp.response(
    302,
    description="Signed in (a session in the __Host-inbox-session cookie) or refused: to the sign-in page"
    " either way, with `error` when refused.",
    headers=_REDIRECT,
)
@bp.refuses(404, "Sign-in with an OpenID provider is not set up.")
def oidc_callback():
    """The provider's redirect back: the code exchanged, the ID token checked, the session started."""
    if not oidc.enabled():
        abort(404, description="Sign-in with an OpenID provider is not set up.")
    try:
        user = oidc.staff_user(oidc.claims())
    except oidc.Refused as refusal:
        return _refused(refusal)
    earlier = request.cookies.get(sessions.COOKIE)
    if earlier:
        sessions.end(earlier)  # a new sign-in in this browser replaces its session
    if current_app.config["INBOX_OIDC_SECOND_FACTOR"]:
        token = sessions.start(user, "provider")
        # The sign-in itself is audited at the code, as the password's is.
        audit.record("oidc_verified", user.id)
        step = "second_factor"
    else:
        token = sessions.start(user, "signed_in")
        audit.record("sign_in", user.id, method="oidc", second_factor="none")
        throttle.forget(user.email, throttle.device(user.email))
        step = "signed_in"
    _commit()
    # A page of the inbox's own picks up from here: the provider's redirect started this navigation
    # on another site, so the browser sends no SameSite=Strict cookie until a page of ours asks.
    response = _to_login(oidc=step)
    sessions.set_cookie(response, token)
    if step == "signed_in":
        throttle.set_device_cookie(response, user.email)
    return response


@bp.get("/sign-in/step")
@staff(stage=sessions.SECOND_STEP)
@bp.response(200, InboxSignInStep, description="The second step of the session in the cookie.")
def sign_in_step() -> Any:
    """The second step a session started by the provider's sign-in is at: the code, or setting the
    app up."""
    return second_step(g.staff, g.inbox_token)
