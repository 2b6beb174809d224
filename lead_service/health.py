"""GET /healthz: the service answers and its database takes a query."""

from flask import Blueprint, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        current_app.logger.warning("health check failed error=%s", type(exc).__name__)
        return {"status": "unavailable", "database": "unavailable"}, 503
    return {"status": "ok", "database": "ok"}
