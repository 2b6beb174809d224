"""Health probes: /healthz/live (the process answers, nothing else is touched) and /healthz/ready
(its database takes a query too; /healthz is the same, for existing probes)."""

from flask import Blueprint, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db

bp = Blueprint("health", __name__)


@bp.get("/healthz/live")
def live():
    return {"status": "ok"}


@bp.get("/healthz/ready")
@bp.get("/healthz")
def ready():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        current_app.logger.warning("health check failed error=%s", type(exc).__name__)
        return {"status": "unavailable", "database": "unavailable"}, 503
    return {"status": "ok", "database": "ok"}
