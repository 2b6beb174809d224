"""A signed-in user's own account, under /api/inbox/: a new password, which ends every other session
of theirs, signing out of every browser at once, and the signature that ends their replies."""

from datetime import UTC, datetime
from typing import Any, ClassVar

from flask import Response, current_app, g, jsonify
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema
from sqlalchemy import func, select
from werkzeug.exceptions import ServiceUnavailable, Unauthorized

from ... import audit, content
from ...errors import http_error
from ...extensions import db
from ...intake import contract
from ...models.staff import AuditEvent, StaffUser
from ...schemas import characters
from . import passwords, security_mail, sessions
from .auth_api import NO_PASSWORDS, refuse_passwords_when_off
from .guard import staff
from .sign_in_schemas import ONE_LINE

bp = contract.Blueprint("inbox_account", __name__, url_prefix="/api/inbox")

# Wrong current passwords a session may send: the last ends it, so that a session left open on a
# desk is no way to guess the password at leisure (the sign-in's own count does not see these).
TRIES = 5
# The sign-in takes no longer password, so a longer one could never be used.
MAX_LENGTH = 1024
WRONG = "The current password is wrong."
TOO_MANY = "Too many wrong passwords: sign in again."
ENDED = "Your session ended meanwhile: sign in again."
BUSY = "Too many password checks at this moment. Please try again in a second."
MAX_SIGNATURE_LENGTH = content.load("inbox")["limits"]["maxSignatureLength"]


def _password(required: str, checks: list[Any], description: str) -> fields.String:
    return fields.String(
        required=True,
        validate=checks,
        error_messages={"required": required, "null": required},
        metadata={"description": description},
    )


class InboxPasswordChange(Schema):
    error_messages: ClassVar[dict[str, str]] = {"type": "Send the passwords as a JSON object."}

    current_password = _password(
        "Type your current password.",
        [validate.Length(min=1, max=MAX_LENGTH, error="Type your current password."), ONE_LINE],
        "The password signed in with.",
    )
    new_password = _password(
        "Type a new password.",
        [validate.Length(max=MAX_LENGTH), passwords.allowed],
        f"At least {passwords.MIN_LENGTH} characters, and not one of the most common passwords.",
    )
    # Only ever compared with the new one, whose checks it needs no more of.
    repeat_password = _password("Type the new password again.", [], "The new password again.")

    @validates_schema(skip_on_field_errors=True)
    def new_and_the_same_twice(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data["new_password"] != data["repeat_password"]:
            raise ValidationError("Type the same new password again.", "repeat_password")
        if data["new_password"] == data["current_password"]:
            raise ValidationError(
                "The new password is the same as the current one: choose another.", "new_password"
            )


class SignatureChange(Schema):
    class Meta:
        unknown = EXCLUDE

    signature = fields.String(
        required=True,
        allow_none=True,
        validate=[
            validate.Length(
                max=MAX_SIGNATURE_LENGTH,
                error=f"Keep a signature to {MAX_SIGNATURE_LENGTH} characters or fewer.",
            ),
            characters({"type": "textarea"}),
        ],
        metadata={"description": "Plain text; empty or null: none."},
    )


class InboxSignature(Schema):
    signature = fields.String(required=True, allow_none=True)


class InboxPasswordChanged(Schema):
    csrf = fields.String(
        required=True,
        metadata={"description": "The new session's: send it as X-CSRF-Token from now on."},
    )


def _wrong_tries(user_id: int, token: str) -> int:
    """Wrong current passwords sent since this session began, from any session of the user's."""
    return db.session.scalar(
        select(func.count())
        .select_from(AuditEvent)
        .where(
            AuditEvent.actor_id == user_id,
            AuditEvent.action == "password_change_failed",
            AuditEvent.at >= sessions.started_at(token),
        )
    )


def _signed_out(description: str) -> Response:
    """A 401 that clears the session's cookie too."""
    response = http_error(Unauthorized(description=description))
    sessions.clear_cookie(response)
    return response


def _failed(user_id: int, token: str, reason: str, tries: int) -> Response:
    """Records a failed change, and commits: the field's error, or past the tries, the session ends."""
    too_many = tries >= TRIES
    audit.record("password_change_failed", user_id, reason=reason, session_ended=too_many)
    if too_many:
        sessions.end(token)
    db.session.commit()
    if too_many:
        return _signed_out(TOO_MANY)
    raise ValidationError({"current_password": [WRONG]})


@bp.post("/account/password")
@staff()
@bp.arguments(InboxPasswordChange)
@bp.response(
    200,
    InboxPasswordChanged,
    description="Changed; the user's other sessions ended, and this one has a new token, set in the"
    " __Host-inbox-session cookie, and a new CSRF token.",
)
@bp.alt_response(
    400,
    schema={"oneOf": [contract.ValidationErrors, contract.HttpError]},
    description="The current password is wrong, the new one is not allowed (too short, common, control"
    " characters), or not typed the same twice (`errors`).",
)
@bp.refuses(
    401,
    "No live session; or the fifth wrong current password since the session began, which ends it.",
)
@bp.refuses(
    403,
    "Not sent from the inbox's own pages with the session's CSRF token, or passwords are switched off"
    " (INBOX_PASSWORD_SIGN_IN): staff sign in with the OpenID provider.",
)
def change_password(body: dict[str, str]):
    """Change one's own password: every other session of the user's ends, and this one goes on
    under a new token."""
    refuse_passwords_when_off(NO_PASSWORDS)
    user_id, token, stored = g.staff.id, g.inbox_token, g.staff.password_hash
    tries = _wrong_tries(user_id, token)
    if tries >= TRIES:  # reached by tries at the same moment: none more is checked
        return _failed(user_id, token, "too_many", tries)
    # Ends the read: no database connection is held through the hashes.
    db.session.commit()
    try:
        with passwords.check_slot():
            right = passwords.verify(stored, body["current_password"])
            new_hash = passwords.hash_password(body["new_password"]) if right else None
    except passwords.Busy:
        raise ServiceUnavailable(description=BUSY, retry_after=1) from None
    if not right:
        return _failed(user_id, token, "password", tries + 1)
    # Gone while the hashes ran: signed out everywhere, disabled, or another change was first.
    if not sessions.end(token):
        db.session.rollback()
        return _signed_out(ENDED)
    user = db.session.get(StaffUser, user_id)
    user.password_hash, user.password_changed_at = new_hash, datetime.now(UTC)
    ended = sessions.end_all(user_id)
    # A new token, as after a sign-in: a copy of the old one opens nothing any more.
    new_token = sessions.start(user, "signed_in")
    audit.record("password_changed", user_id, sessions_ended=ended)
    security_mail.notify(user, "password_changed")
    db.session.commit()
    # Built here to carry the new session's cookie; its one field as InboxPasswordChanged has it.
    response = jsonify({"csrf": sessions.csrf_token(new_token)})
    sessions.set_cookie(response, new_token)
    return response


@bp.post("/sign-out/everywhere")
@staff()
@bp.response(204, description="Signed out in every browser; the session cookie is cleared.")
def sign_out_everywhere():
    """Sign out everywhere: every session of the user's ends, this one too."""
    ended = sessions.end_all(g.staff.id)
    audit.record("signed_out_everywhere", g.staff.id, sessions_ended=ended)
    db.session.commit()
    response = current_app.response_class(status=204)
    sessions.clear_cookie(response)
    return response


@bp.post("/account/signature")
@staff()
@bp.arguments(SignatureChange)
@bp.response(200, InboxSignature, description="The signature as it now stands.")
def change_signature(change: dict[str, str | None]):
    """Set one's own signature, which ends each of one's replies to leads from now on, or remove it
    (empty)."""
    text = (change["signature"] or "").strip("\n").rstrip()
    g.staff.signature = text or None
    audit.record("signature_changed", g.staff.id, length=len(text))
    db.session.commit()
    return {"signature": g.staff.signature}
