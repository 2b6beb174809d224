"""Health probes: /healthz/live (the process answers, nothing else is touched) and /healthz/ready
(its database takes a query too; /healthz is the same, for existing probes). Ready also says how the
outbox worker stands, without failing on it: a silent worker delays notifications, and intake must
go on taking leads meanwhile."""

from flask import Blueprint, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..outbox import heartbeat

bp = Blueprint("health", __name__)


@bp.get("/healthz/live")
def live():
    """The process answers; the database is not touched.
    ---
    get:
      responses:
        200:
          description: Up.
          content:
            application/json:
              schema: Health
    """
    return {"status": "ok"}


@bp.get("/healthz/ready")
@bp.get("/healthz")
def ready():
    """The process and its database answer.
    ---
    get:
      description: /healthz/ready and /healthz are the same; /healthz is kept for existing probes.
      responses:
        200:
          description: Up; `outbox_worker` says whether a worker beat within OUTBOX_STALE_SECONDS
            (ok), beat before that (stale) or never ran (none).
          content:
            application/json:
              schema: Health
        503:
          description: The database is unreachable.
          content:
            application/json:
              schema: Health
    """
    try:
        db.session.execute(text("SELECT 1"))
        worker = heartbeat.newest().state
    except SQLAlchemyError as exc:
        current_app.logger.warning("health check failed error=%s", type(exc).__name__)
        return {"status": "unavailable", "database": "unavailable"}, 503
    return {"status": "ok", "database": "ok", "outbox_worker": worker}
