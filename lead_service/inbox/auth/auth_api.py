"""Sign-in with a second factor, enrolment, sign-out and the session, under /api/inbox/.

The steps: GET sign-in (a CSRF token for the one change made without a session), POST sign-in
with the e-mail and password (a session at the "password" stage), then either POST sign-in/code
with the app's code or a recovery code, or, the first time, GET and POST enrolment to set the app
up; either ends that session and starts a new "signed_in" one, under a new token."""

import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from typing import Any, NoReturn, TypeVar

from flask import Response, abort, current_app, g, jsonify, request
from marshmallow import ValidationError
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import ServiceUnavailable

from ... import audit, content
from ...extensions import db
from ...intake import contract
from ...metrics import LOCKS, SIGN_IN_FAILURES
from ...models.staff import AuditEvent, StaffUser
from . import passwords, security_mail, sessions, throttle, totp
from .guard import check_csrf, check_origin, staff
from .sign_in_schemas import (
    InboxCodeRequest,
    InboxEnrolled,
    InboxEnrolment,
    InboxSession,
    InboxSignedIn,
    InboxSignInCsrf,
    InboxSignInRequest,
    InboxSignInStep,
)

bp = contract.Blueprint("inbox_auth", __name__, url_prefix="/api/inbox")
T = TypeVar("T")

# Before there is a session, the CSRF token is a random one, in this cookie and in the page: a
# forged request from elsewhere can send neither.
CSRF_COOKIE = content.load("inbox")["cookies"]["csrf"]
# One answer for every way a sign-in can fail, so that it tells nobody which addresses are staff's,
# which accounts are disabled or held back, or which half was wrong.
WRONG_PASSWORD = "The e-mail or password is wrong."
WRONG_CODE = "The code is wrong."
NOT_SAVED = "The sign-in could not be saved just now. Please try again in a minute."
BUSY = "Too many sign-ins at this moment. Please try again in a second."
PASSWORDS_OFF = (
    "Sign-in with a password is switched off: use the button to sign in with your company's account."
)
# An invitation's link or the account page, where a password would be set.
NO_PASSWORDS = "Passwords are switched off here: everyone signs in with the company's account."
TOO_MANY_CODES = "Too many wrong codes. An administrator can let you set the app up again."


def _user(user: StaffUser) -> dict[str, Any]:
    return {
        "id": user.id,
        "email": user.email,
        "name": user.name,
        "role": user.role,
        "signature": user.signature,
    }


def _commit() -> None:
    """Commits the change and its audit events together, or neither."""
    _saved(db.session.commit)


def _saved(write: Callable[[], T]) -> T:
    """What `write` returns, having committed; 503 when the database cannot take it."""
    try:
        return write()
    except SQLAlchemyError as exc:
        db.session.rollback()
        current_app.logger.error("inbox sign-in not saved error=%s", type(exc).__name__)
        abort(503, description=NOT_SAVED)


# The answers that set a cookie are built here, whole: their views' response decorators only
# document them, so each holds exactly its schema's fields (sign_in_schemas.py), plain strings and
# the user's.
def _signed_in(user: StaffUser, answer: dict[str, Any]) -> Response:
    """Ends the session of the step before and starts a signed-in one under a new token (so that
    a token planted before the sign-in is worth nothing after it); forgets the failures this
    browser's tries were counted in, and makes it a device the account knows; commits; the answer."""
    sessions.end(g.inbox_token)
    token = sessions.start(user, "signed_in")
    throttle.forget(user.email, throttle.device(user.email))
    _commit()
    response = jsonify({**answer, "user": _user(user), "csrf": sessions.csrf_token(token)})
    sessions.set_cookie(response, token)
    throttle.set_device_cookie(response, user.email)
    return response


def refuse_passwords_when_off(description: str) -> None:
    """403 when passwords are switched off (INBOX_PASSWORD_SIGN_IN=false): then no password signs in,
    and none is set either, at an invitation's link or on the account page."""
    if not current_app.config["INBOX_PASSWORD_SIGN_IN"]:
        abort(403, description=description)


def second_step(user: StaffUser, token: str) -> Response:
    """The answer of a way in without a session, its session at the second step in the cookie and
    the sign-in page's token spent: the app's code next, or setting the app up."""
    response = jsonify({"next": "code" if user.totp_secret else "enrol", "csrf": sessions.csrf_token(token)})
    sessions.set_cookie(response, token)
    response.delete_cookie(CSRF_COOKIE, path="/", secure=True, httponly=True, samesite="Strict")
    return response


def from_sign_in_page(token_description: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A way in without a session (the password step, an invitation) must come from the inbox's own
    page, with the token its GET /api/inbox/sign-in set: a double-submitted cookie. Checked before
    the body is read, as the guard's checks are (403 before 400); the token's header documented."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def checked(*args: Any, **kwargs: Any) -> Any:
            check_origin()
            if not request.cookies.get(CSRF_COOKIE):
                abort(403, description="The page's security token is missing or stale: reload the page.")
            check_csrf(request.cookies[CSRF_COOKIE])
            return view(*args, **kwargs)

        token = {"name": "X-CSRF-Token", "in": "header", "required": True, "schema": {"type": "string"}}
        return contract.Blueprint.doc(parameters=[token | {"description": token_description}])(checked)

    return decorate


@bp.get("/sign-in")
@bp.response(
    200,
    InboxSignInCsrf,
    description="The token, also set in the __Host-inbox-csrf cookie; the POST sends it as X-CSRF-Token.",
)
def sign_in_form():
    """Start a sign-in: the CSRF token its POST must send."""
    token = secrets.token_urlsafe(32)
    response = jsonify({"csrf": token})
    response.set_cookie(CSRF_COOKIE, token, path="/", secure=True, httponly=True, samesite="Strict")
    return response


@bp.post("/sign-in")
@from_sign_in_page("From GET.")
@bp.arguments(InboxSignInRequest)
@bp.response(
    200,
    InboxSignInStep,
    description="Right; a session at the second step is set in the __Host-inbox-session cookie.",
)
@bp.refuses(
    401,
    "The e-mail or password is wrong, or the account may not sign in now (one answer for all).",
)
@bp.refuses(
    403,
    "Not sent from the inbox's own pages with the token from GET, or passwords are switched off"
    " (INBOX_PASSWORD_SIGN_IN): staff sign in with the OpenID provider.",
)
def sign_in(body: dict[str, str]):
    """Sign in with e-mail and password, the first of two steps."""
    refuse_passwords_when_off(PASSWORDS_OFF)
    email = body["email"].strip().lower()
    user = db.session.scalar(select(StaffUser).where(StaffUser.email == email))
    disabled = user is not None and user.disabled_at is not None
    # Not to check the real hash, for whatever reason, is to check the dummy one instead: the same
    # work, the same time.
    stored = None if user is None or disabled else user.password_hash
    try:
        # A slot first: a try past them is answered before it is counted or writes anything.
        with passwords.check_slot():
            attempt = _saved(lambda: throttle.begin(email, throttle.device(email)))
            right = attempt.check and passwords.verify(stored, body["password"])
            renewed = passwords.renewed(stored, body["password"]) if right and stored else None
    except passwords.Busy:
        raise ServiceUnavailable(description=BUSY, retry_after=1) from None
    if not attempt.check:
        throttle.hold_back()
        _password_failed(attempt, user, "locked")
    if not right:
        _password_failed(attempt, user, "disabled" if disabled else "password")
    assert user is not None  # only a user's hash verifies
    if renewed:
        user.password_hash = renewed
    throttle.take_back(attempt)
    earlier = request.cookies.get(sessions.COOKIE)
    if earlier:
        sessions.end(earlier)  # a new sign-in in this browser replaces its session
    token = sessions.start(user, "password")
    _commit()  # with the password's new hash, when it was rehashed
    return second_step(user, token)


def _password_failed(attempt: throttle.Try, user: StaffUser | None, reason: str) -> NoReturn:
    throttle.failed(attempt)
    audit.record("sign_in_failed", user.id if user else None, reason=reason)
    SIGN_IN_FAILURES.labels(reason).inc()
    if user is not None and throttle.locks_account(attempt):
        LOCKS.labels("account").inc()
        _account_locked(user)
    _commit()
    abort(401, description=WRONG_PASSWORD)


def _account_locked(user: StaffUser) -> None:
    """Audits the lock and tells the user, unless a lock of theirs was told within the throttle's
    window: the count that reached the hold can reach it again as its first failures age out, or
    after a sign-in forgot them, and one e-mail a window is enough to be warned by."""
    since = datetime.now(UTC) - throttle.WINDOW
    told = db.session.scalar(
        select(AuditEvent.id)
        .where(AuditEvent.actor_id == user.id, AuditEvent.action == "account_locked", AuditEvent.at > since)
        .limit(1)
    )
    if told is None:
        audit.record("account_locked", user.id)
        security_mail.notify(user, "account_locked", failures=throttle.ACCOUNT_FREE_FAILURES)


def _code_failed(user: StaffUser, reason: str) -> NoReturn:
    audit.record("sign_in_failed", user.id, reason=reason)
    SIGN_IN_FAILURES.labels(reason).inc()
    _commit()
    abort(401, description=WRONG_CODE)


def _app_code(user: StaffUser, code: str) -> bool:
    """Whether the app's code is right, counted first (so that of tries at the same moment each
    counts): past CODE_TRIES wrong ones since the last right code, none is checked, and the second
    factor stays locked until a recovery code or `lead-service users reset-2fa`."""
    tries = totp.count_code_try(user)
    if tries > totp.CODE_TRIES:
        return False
    if totp.verify(user, code):
        totp.forget_code_tries(user)
        return True
    if tries == totp.CODE_TRIES:
        LOCKS.labels("second_factor").inc()
        audit.record("second_factor_locked", user.id)
        security_mail.notify(user, "second_factor_locked", tries=totp.CODE_TRIES)
    return False


@bp.post("/sign-in/code")
@staff(stage=sessions.SECOND_STEP)
@bp.arguments(InboxCodeRequest)
@bp.response(
    200, InboxSignedIn, description="Signed in; a new session is set in the __Host-inbox-session cookie."
)
@bp.refuses(
    401,
    "The code is wrong (or used before, or the account is held back after failed tries), or there is no"
    " session at this step.",
)
@bp.refuses(409, "The authenticator app is not set up yet; enrol first.")
def sign_in_code(body: dict[str, str]):
    """Finish signing in with the authenticator app's code or a recovery code."""
    user, code = g.staff, body["code"]
    if not user.totp_secret:
        abort(409, description="Set up your authenticator app first.")
    if totp.is_code(code):
        recovery = False
        if not _app_code(user, code):
            _code_failed(user, "second_factor_locked" if user.totp_failures > totp.CODE_TRIES else "code")
    else:
        recovery = True
        if not totp.use_recovery_code(user, code):
            _code_failed(user, "recovery_code")
        totp.forget_code_tries(user)
    audit.record(
        "sign_in",
        user.id,
        method=sessions.first_factor(g.inbox_token),
        second_factor="recovery_code" if recovery else "totp",
    )
    if recovery:
        codes_left = totp.recovery_codes_left(user)
        audit.record("recovery_code_used", user.id, codes_left=codes_left)
        security_mail.notify(user, "recovery_code_used", codes_left=codes_left)
    return _signed_in(user, {})


@bp.get("/enrolment")
@staff(stage=sessions.SECOND_STEP)
@bp.response(
    200,
    InboxEnrolment,
    description="The secret, this session's alone (the same one until it is confirmed, or for ten minutes).",
)
@bp.refuses(409, "The authenticator app is already set up.")
def enrolment():
    """The authenticator app's secret to set up, as a QR code and as text."""
    user, session = g.staff, sessions.stored(g.inbox_token)
    if user.totp_secret:
        abort(409, description="Your authenticator app is already set up.")
    pending = totp.begin_enrolment(user, session)
    _commit()
    return {"secret": pending.secret, "uri": pending.uri, "qr_svg": pending.qr_svg}


@bp.post("/enrolment")
@staff(stage=sessions.SECOND_STEP)
@bp.arguments(InboxCodeRequest)
@bp.response(
    200,
    InboxEnrolled,
    description="Set up and signed in (a new session in the __Host-inbox-session cookie), with the ten"
    " recovery codes, shown only this once.",
)
@bp.refuses(409, "The app is already set up, or its secret was not fetched first.")
def confirm_enrolment(body: dict[str, str]):
    """Confirm the authenticator app with its first code, and finish signing in."""
    user, session, code = g.staff, sessions.stored(g.inbox_token), body["code"]
    if user.totp_secret:
        abort(409, description="Your authenticator app is already set up.")
    if not session.totp_pending:
        abort(409, description="Start setting up your authenticator app first: reload the page.")
    if totp.count_code_try(user) > totp.CODE_TRIES:
        _commit()
        raise ValidationError({"code": [TOO_MANY_CODES]})
    recovery_codes = totp.confirm_enrolment(user, session, code)
    if recovery_codes is None:
        _commit()  # the try counted
        raise ValidationError({"code": ["The code is wrong: type the one your app shows now."]})
    totp.forget_code_tries(user)
    audit.record("enrolled", user.id)
    security_mail.notify(user, "enrolled")
    audit.record("sign_in", user.id, method=sessions.first_factor(g.inbox_token), second_factor="totp")
    return _signed_in(user, {"recovery_codes": recovery_codes})


@bp.post("/sign-out")
@staff()
@bp.response(204, description="Signed out; the session cookie is cleared.")
def sign_out():
    """Sign out: the session ends."""
    sessions.end(g.inbox_token)
    audit.record("sign_out", g.staff.id)
    _commit()
    response = current_app.response_class(status=204)
    sessions.clear_cookie(response)
    return response


@bp.get("/session")
@staff()
@bp.response(200, InboxSession, description="The user and the token every change must send as X-CSRF-Token.")
def session():
    """Who is signed in, with the session's CSRF token."""
    return {
        "user": _user(g.staff),
        "csrf": sessions.csrf_token(g.inbox_token),
        "idle_minutes": current_app.config["INBOX_IDLE_MINUTES"],
    }
