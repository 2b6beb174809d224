"""POST /api/contact and POST /api/quote: validate, commit, and only then acknowledge."""

from flask import Blueprint

from .idempotency import idempotent
from .models import ContactMessage, QuoteRequest
from .records import commit, json_body
from .schemas import SCHEMAS, contact_schema

bp = Blueprint("leads", __name__, url_prefix="/api")


@bp.post("/contact")
@idempotent
def create_contact():
    body = json_body()
    form = body.get("form", "contact") if isinstance(body, dict) else "contact"
    return _store("contact", ContactMessage(form=form, **contact_schema(form).load(body)))


@bp.post("/quote")
@idempotent
def create_quote():
    return _store("quote", QuoteRequest(**SCHEMAS["quote"].load(json_body())))


def _store(kind: str, lead: ContactMessage | QuoteRequest):
    # A bot's lead is kept for the record but never reaches the sales team.
    return commit(lead, "lead", "received", notify=None if lead.spam else kind)
