"""What the sign-in's steps take and answer (auth_api.py), and the one-line text check that the
invitation's and the account's fields share."""

from marshmallow import Schema, fields, validate

from ... import content
from ...models.staff import ROLES
from ...schemas import characters

MAX_CODE_LENGTH = content.load("inbox")["limits"]["maxCodeLength"]

# No control character (a NUL, say, which PostgreSQL cannot store or compare) gets past the schema.
ONE_LINE = characters({"type": "text"})


class InboxSignInRequest(Schema):
    email = fields.String(required=True, validate=[validate.Length(min=1, max=320), ONE_LINE])
    password = fields.String(required=True, validate=[validate.Length(min=1, max=1024), ONE_LINE])


class InboxCodeRequest(Schema):
    code = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=MAX_CODE_LENGTH), ONE_LINE],
        metadata={"description": "The app's six digits, or a recovery code (xxxxx-xxxxx)."},
    )


class InboxUser(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    signature = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "What ends each of their replies; null: none."},
    )


class InboxSignInCsrf(Schema):
    csrf = fields.String(required=True, metadata={"description": "Send it as X-CSRF-Token."})


class InboxSignInMethods(Schema):
    password = fields.Boolean(required=True, metadata={"description": "Whether a password signs in."})
    oidc = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The OpenID provider's name for its button; null: not set up."},
    )


class InboxSignInStep(Schema):
    next = fields.String(
        required=True,
        validate=validate.OneOf(["code", "enrol"]),
        metadata={"description": "The second step: the app's code, or setting the app up."},
    )
    csrf = fields.String(required=True, metadata={"description": "The session's, for the next step."})


class InboxSignedIn(Schema):
    user = fields.Nested(InboxUser, required=True)
    csrf = fields.String(required=True, metadata={"description": "The session's: send it as X-CSRF-Token."})


class InboxEnrolment(Schema):
    secret = fields.String(required=True, metadata={"description": "Base32, to type into the app."})
    uri = fields.String(required=True, metadata={"description": "otpauth://, what the QR code holds."})
    qr_svg = fields.String(required=True, metadata={"description": "The QR code, an <svg> element."})


class InboxEnrolled(InboxSignedIn):
    recovery_codes = fields.List(
        fields.String(), required=True, metadata={"description": "Ten single-use codes, shown only now."}
    )


class InboxSession(InboxSignedIn):
    idle_minutes = fields.Integer(required=True, metadata={"description": "A session ends this idle."})
