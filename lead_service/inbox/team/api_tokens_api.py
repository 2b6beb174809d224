"""The API tokens admins give the team's other tools: listed with their last use, made with a name,
scopes and an expiry (the token shown in that answer alone), and revoked, at once, for good. Every
change on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, fields, validate
from sqlalchemy import select

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.leads import as_utc, utc_or_none
from ...models.staff import ApiToken, StaffUser
from ..auth import api_tokens
from ..auth.guard import staff
from ..leads.filters import MAX_ID
from ..leads.written import written

bp = contract.Blueprint("inbox_api_tokens", __name__, url_prefix="/api/inbox")

MAX_NAME_LENGTH = 80


class NewToken(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("token's name", MAX_NAME_LENGTH, "text", description="Which tool holds it.")
    scopes = fields.List(
        fields.String(validate=validate.OneOf(list(api_tokens.SCOPES), error="Choose among the scopes.")),
        required=True,
        validate=validate.Length(min=1, max=len(api_tokens.SCOPES), error="Choose at least one scope."),
    )
    days = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(
            min=1, max=api_tokens.MAX_DAYS, error=f"Choose from 1 to {api_tokens.MAX_DAYS} days."
        ),
        metadata={"description": "How many days it works from now."},
    )


class InboxApiToken(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    scopes = fields.List(fields.String(validate=validate.OneOf(list(api_tokens.SCOPES))), required=True)
    created_by = fields.Nested("InboxPerson", required=True)
    created_at = fields.DateTime(required=True)
    expires_at = fields.DateTime(required=True)
    expired = fields.Boolean(required=True, metadata={"description": "Past its expiry, as of this answer."})
    revoked_at = fields.DateTime(required=True, allow_none=True)
    last_used_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "To the minute; null: never used."}
    )


class InboxApiTokens(Schema):
    tokens = fields.List(
        fields.Nested(InboxApiToken), required=True, metadata={"description": "Newest first."}
    )
    scopes = fields.List(
        fields.String(validate=validate.OneOf(list(api_tokens.SCOPES))),
        required=True,
        metadata={"description": "Every scope there is."},
    )


class InboxNewApiToken(InboxApiToken):
    token = fields.String(
        required=True, metadata={"description": "The token itself: shown in this answer alone, kept nowhere."}
    )


def _item(row: ApiToken, maker: StaffUser) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "scopes": row.scopes.split(),
        "created_by": {"id": maker.id, "name": maker.name},
        "created_at": as_utc(row.created_at),
        "expires_at": as_utc(row.expires_at),
        "expired": as_utc(row.expires_at) <= datetime.now(UTC),
        "revoked_at": utc_or_none(row.revoked_at),
        "last_used_at": utc_or_none(row.last_used_at),
    }


@bp.get("/tokens")
@staff("admin")
@bp.response(200, InboxApiTokens, description="Every token, revoked and expired ones too.")
def list_tokens():
    """The API tokens, newest first."""
    rows = db.session.execute(
        select(ApiToken, StaffUser)
        .join(StaffUser, StaffUser.id == ApiToken.created_by)
        .order_by(ApiToken.id.desc())
    ).all()
    return {"tokens": [_item(row, maker) for row, maker in rows], "scopes": list(api_tokens.SCOPES)}


@bp.post("/tokens")
@staff("admin")
@bp.arguments(NewToken)
@bp.response(201, InboxNewApiToken, description="Made: copy the token now, it is not shown again.")
def make_token(new: dict[str, Any]):
    """Make an API token for /api/v1/, acting as you within its scopes."""
    row, token = api_tokens.make(new["name"], new["scopes"], new["days"], g.staff)
    audit.record("token_created", g.staff.id, token_id=row.id, scopes=row.scopes, days=new["days"])
    db.session.commit()
    return {**_item(row, g.staff), "token": token}, 201


@bp.post("/tokens/<int:token_id>/revoke")
@staff("admin")
@bp.response(200, InboxApiToken, description="Revoked: its next call is refused.")
@bp.refuses(404, "No such token.")
def revoke_token(token_id: int):
    """Revoke an API token, at once and for good. Revoking one already revoked changes nothing."""
    row = db.session.get(ApiToken, token_id, with_for_update=True) if token_id <= MAX_ID else None
    if row is None:
        abort(404, description="There is no such token.")
    if row.revoked_at is None:
        row.revoked_at = datetime.now(UTC)
        audit.record("token_revoked", g.staff.id, token_id=row.id)
    db.session.commit()
    return _item(row, db.session.get(StaffUser, row.created_by))
