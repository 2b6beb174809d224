"""POST /api/inbox/invitation: a new user chooses their password at their invitation's link, and
goes on to set their authenticator app up, as at a first sign-in. Sent from the inbox's own page with
the sign-in's CSRF token, as the password step is."""

from datetime import UTC, datetime
from typing import Any, ClassVar

from flask import abort
from marshmallow import Schema, ValidationError, fields, validate, validates_schema
from werkzeug.exceptions import ServiceUnavailable

from ... import audit
from ...extensions import db
from ...intake import contract
from . import invitations, passwords, sessions
from .account_api import MAX_LENGTH
from .auth_api import BUSY, NO_PASSWORDS, _commit, from_sign_in_page, refuse_passwords_when_off, second_step
from .sign_in_schemas import ONE_LINE, InboxSignInStep

bp = contract.Blueprint("inbox_invitation", __name__, url_prefix="/api/inbox")

LAPSED = "This invitation link was used already, or has lapsed: ask an administrator for a new one."


class InboxInvitationAcceptance(Schema):
    error_messages: ClassVar[dict[str, str]] = {"type": "Send the invitation as a JSON object."}

    token = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=100), ONE_LINE],
        metadata={"description": "From the invitation's link."},
    )
    password = fields.String(
        required=True,
        validate=[validate.Length(max=MAX_LENGTH), passwords.allowed],
        error_messages={"required": "Choose a password.", "null": "Choose a password."},
        metadata={
            "description": f"At least {passwords.MIN_LENGTH} characters, and not one of the most common."
        },
    )
    repeat_password = fields.String(
        required=True,
        error_messages={"required": "Type the password again.", "null": "Type the password again."},
        metadata={"description": "The password again."},
    )

    @validates_schema(skip_on_field_errors=True)
    def the_same_twice(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data["password"] != data["repeat_password"]:
            raise ValidationError("Type the same password again.", "repeat_password")


@bp.post("/invitation")
@from_sign_in_page("From GET /api/inbox/sign-in.")
@bp.arguments(InboxInvitationAcceptance)
@bp.response(
    200,
    InboxSignInStep,
    description="The password is set; a session at the second step is set in the __Host-inbox-session"
    " cookie, as after the password step.",
)
@bp.refuses(
    403,
    "Not sent from the inbox's own pages with the token from GET /api/inbox/sign-in, or passwords are"
    " switched off (INBOX_PASSWORD_SIGN_IN): staff sign in with the OpenID provider.",
)
@bp.refuses(410, "The link was used already, has lapsed, or its user was disabled.")
def accept_invitation(body: dict[str, str]):
    """Choose your password at your invitation's link: then set your authenticator app up."""
    refuse_passwords_when_off(NO_PASSWORDS)
    user = invitations.find(body["token"])
    if user is None:
        abort(410, description=LAPSED)
    db.session.commit()  # no connection held through the hash
    try:
        with passwords.check_slot():
            password_hash = passwords.hash_password(body["password"])
    except passwords.Busy:
        raise ServiceUnavailable(description=BUSY, retry_after=1) from None
    if not invitations.take(body["token"]):
        db.session.rollback()
        abort(410, description=LAPSED)
    user.password_hash, user.password_changed_at = password_hash, datetime.now(UTC)
    sessions.end_all(user.id)
    token = sessions.start(user, "password")
    audit.record("invitation_accepted", user.id)
    _commit()
    return second_step(user, token)
