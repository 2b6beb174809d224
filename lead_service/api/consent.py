"""POST /api/consent: the proof of a visitor's cookie choice, stored with the server's time and
nothing that identifies the visitor beyond the random id their browser keeps."""

from flask import Blueprint

from ..intake.storage import commit, json_body
from ..models.leads import ConsentRecord
from ..schemas import CONSENT_SCHEMA

bp = Blueprint("consent", __name__, url_prefix="/api")


@bp.post("/consent")
def record_consent():
    """Record a visitor's cookie choice (no IP address is kept).
    ---
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: ConsentRequest
      responses:
        201:
          description: Recorded.
          content:
            application/json:
              schema: ConsentRecorded
    """
    return commit(ConsentRecord(**CONSENT_SCHEMA.load(json_body())), "consent", "recorded")
