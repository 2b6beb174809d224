"""Health probes: /healthz/live (the process answers, nothing else is touched) and /healthz/ready
(its database takes a query too; /healthz is the same, for existing probes). Ready also says how the
outbox worker stands, without failing on it: a silent worker delays notifications, and intake must
go on taking leads meanwhile."""

from flask import current_app
from marshmallow import Schema, fields, validate
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..intake import contract
from ..outbox import heartbeat

bp = contract.Blueprint("health", __name__)


class Health(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["ok", "unavailable"]))
    database = fields.String(validate=validate.OneOf(["ok", "unavailable"]))
    outbox_worker = fields.String(validate=validate.OneOf(["ok", "stale", "none"]))


@bp.get("/healthz/live")
@bp.response(200, Health, description="Up.")
def live():
    """The process answers; the database is not touched."""
    return {"status": "ok"}


@bp.get("/healthz/ready")
@bp.get("/healthz")
@bp.response(
    200,
    Health,
    description="Up; `outbox_worker` says whether a worker beat within OUTBOX_STALE_SECONDS (ok), beat"
    " before that (stale) or never ran (none).",
)
@bp.alt_response(503, schema=Health, description="The database is unreachable.")
def ready():
    """The process and its database answer.

    /healthz/ready and /healthz are the same; /healthz is kept for existing probes.
    """
    try:
        db.session.execute(text("SELECT 1"))
        worker = heartbeat.newest().state
    except SQLAlchemyError as exc:
        current_app.logger.warning("health check failed error=%s", type(exc).__name__)
        return {"status": "unavailable", "database": "unavailable"}, 503
    return {"status": "ok", "database": "ok", "outbox_worker": worker}
