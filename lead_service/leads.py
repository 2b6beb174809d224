"""POST /api/contact and POST /api/quote: validate, commit, and only then acknowledge."""

import json
from typing import Any

from flask import Blueprint, abort, current_app, request
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db
from .models import ContactMessage, QuoteRequest
from .schemas import SCHEMAS, contact_schema

bp = Blueprint("leads", __name__, url_prefix="/api")


def json_body() -> Any:
    if not request.is_json:
        abort(415, description="Send the form as JSON with Content-Type: application/json.")
    try:
        return json.loads(request.get_data(cache=False))
    # RecursionError: deeply nested arrays fit easily under the body limit.
    except (ValueError, RecursionError):
        abort(400, description="The request body is not valid JSON.")


def store(lead: ContactMessage | QuoteRequest) -> tuple[dict[str, Any], int]:
    db.session.add(lead)
    try:
        db.session.commit()
    except SQLAlchemyError as exc:
        db.session.rollback()
        # The exception text may quote the lead itself; its type is enough to act on.
        current_app.logger.error("lead not stored table=%s error=%s", lead.__tablename__, type(exc).__name__)
        abort(503, description="We could not save your request just now. Please try again in a minute.")
    current_app.logger.info("lead stored table=%s id=%s", lead.__tablename__, lead.id)
    return {"id": lead.id, "status": "received"}, 201


@bp.post("/contact")
def create_contact():
    body = json_body()
    form = body.get("form", "contact") if isinstance(body, dict) else "contact"
    return store(ContactMessage(form=form, **contact_schema(form).load(body)))


@bp.post("/quote")
def create_quote():
    return store(QuoteRequest(**SCHEMAS["quote"].load(json_body())))
