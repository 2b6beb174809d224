"""POST /api/consent: the proof of a visitor's cookie choice, stored with the server's time and
nothing that identifies the visitor beyond the random id their browser keeps."""

from typing import Any

from marshmallow import Schema, fields, validate

from ..intake import contract
from ..intake.storage import commit
from ..models.leads import ConsentRecord
from ..schemas import CONSENT_SCHEMA

bp = contract.Blueprint("consent", __name__, url_prefix="/api")


class ConsentRecorded(Schema):
    id = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["recorded"]))


@bp.post("/consent")
@bp.arguments(CONSENT_SCHEMA)
@bp.response(201, ConsentRecorded, description="Recorded.")
def record_consent(choice: dict[str, Any]):
    """Record a visitor's cookie choice (no IP address is kept)."""
    return commit(ConsentRecord(**choice), "consent", "recorded")
