"""The audit trail, for admins: /api/inbox/audit."""

from flask import Blueprint

bp = Blueprint("inbox_audit", __name__, url_prefix="/api/inbox")
