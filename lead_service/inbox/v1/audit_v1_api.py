"""/api/v1/audit: the audit trail for a tool that keeps it elsewhere (audit:read), as the inbox's
admins read it; each page read is itself on the trail."""

from typing import Any

from flask import g

from ... import audit
from ...extensions import db
from ...intake import contract
from ..auth.api_tokens import token
from ..reports.audit_api import AuditQuery, InboxAuditPage, trail

bp = contract.Blueprint("api_v1_audit", __name__, url_prefix="/api/v1")


@bp.get("/audit")
@token("audit:read")
@bp.arguments(AuditQuery, location="query")
@bp.response(200, InboxAuditPage, description="The events, newest first, the users and tokens they name.")
@bp.alt_response(
    400,
    schema=contract.ValidationErrors,
    description="A filter that is not a user id, an action or a cursor.",
)
def read_audit(query: dict[str, Any]):
    """The audit trail, newest first, 100 events a page."""
    answer = trail(query)
    audit.record("audit_read", g.staff.id, rows=len(answer["events"]))
    db.session.commit()
    return answer
