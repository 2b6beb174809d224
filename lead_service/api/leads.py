"""POST /api/contact and POST /api/quote: validate, commit, and only then acknowledge."""

from typing import Any

from flask import Blueprint
from marshmallow import ValidationError

from .. import metrics
from ..intake import turnstile
from ..intake.idempotency import idempotent
from ..intake.storage import commit, json_body
from ..models.leads import Lead
from ..schemas import SCHEMAS, contact_schema

bp = Blueprint("leads", __name__, url_prefix="/api")

# What a stored lead's answer shows of it: the service's reading of the phone number.
SHOWN = ("phone", "country")


@bp.post("/contact")
@idempotent
def create_contact():
    """Send a contact message.
    ---
    post:
      parameters: [IdempotencyKey]
      requestBody:
        required: true
        content:
          application/json:
            schema: AnyContactRequest
      responses:
        201:
          description: Stored (or, for a retry, stored before), with the phone number as stored.
          content:
            application/json:
              schema: LeadAccepted
        422: IdempotencyKeyReused
    """
    body = json_body()
    form = body.get("form", "contact") if isinstance(body, dict) else "contact"
    return _store(Lead(form=form, **contact_schema(form).load(body)), body)


@bp.post("/quote")
@idempotent
def create_quote():
    """Ask for a custom quote.
    ---
    post:
      parameters: [IdempotencyKey]
      requestBody:
        required: true
        content:
          application/json:
            schema: QuoteRequest
      responses:
        201:
          description: Stored (or, for a retry, stored before), with the phone number as stored.
          content:
            application/json:
              schema: LeadAccepted
        422: IdempotencyKeyReused
    """
    body = json_body()
    return _store(Lead(form="quote", **SCHEMAS["quote"].load(body)), body)


def _store(lead: Lead, body: Any):
    metrics.mark_lead(lead.form, spam=lead.spam)
    if lead.spam:
        # A bot's lead is kept for the record but never reaches the sales team.
        return commit(lead, "lead", "received", shown=SHOWN)
    try:
        turnstile.verify(body)
    except ValidationError:
        # Counted with the bots': whatever the reason, the bot check did not let it in.
        metrics.mark_lead(lead.form, spam=True)
        raise
    return commit(lead, "lead", "received", notify=True, shown=SHOWN)
