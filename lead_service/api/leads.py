"""POST /api/contact and POST /api/quote: validate, commit, and only then acknowledge."""

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from .. import metrics
from ..intake import contract, deployment_check, turnstile
from ..intake.idempotency import idempotent
from ..intake.storage import commit
from ..models.leads import Lead, OutboxMessage
from ..schemas import SCHEMAS, contact_schema
from .openapi import ANY_CONTACT_REQUEST, request_name

bp = contract.Blueprint("leads", __name__, url_prefix="/api")

# What a stored lead's answer shows of it: the service's reading of the phone number.
SHOWN = ("phone", "country")


class LeadAccepted(Schema):
    id = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["received"]))
    phone = fields.String(
        required=True, allow_none=True, metadata={"description": "The phone number as stored, in E.164."}
    )
    country = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The English name of the country the stored number belongs to."},
    )


class AnyContact(Schema):
    """A contact form's body, read by the schema of the form it names in `form`: the header modal's
    may leave it out. The document shows it as the forms' request bodies, one of them."""

    def load(self, data: Any, **kwargs: Any) -> dict[str, Any]:
        form = data.get("form", "contact") if isinstance(data, dict) else "contact"
        return {"form": form, **contact_schema(form).load(data, **kwargs)}


def _documented_as(name: str) -> Any:
    """The body as clients send it: the form's fields with the Turnstile token and without the
    service's own spam flag, which the loading schema adds from the honeypot."""
    return bp.doc(requestBody={"content": {"application/json": {"schema": name}}})


def _accepted(view: Any) -> Any:
    view = bp.response(
        201,
        LeadAccepted,
        description="Stored (or, for a retry, stored before), with the phone number as stored.",
    )(view)
    view = bp.alt_response(422, response=contract.IDEMPOTENCY_KEY_REUSED)(view)
    view = bp.refuses(403, f"A {deployment_check.HEADER} header that is not a live signature.")(view)
    return bp.doc(parameters=["IdempotencyKey", "DeploymentCheck"])(view)


@bp.post("/contact")
@idempotent
@bp.arguments(AnyContact())
@_documented_as(ANY_CONTACT_REQUEST)
@_accepted
def create_contact(lead: dict[str, Any]):
    """Send a contact message."""
    return _store(Lead(**lead))


@bp.post("/quote")
@idempotent
@bp.arguments(SCHEMAS["quote"])
@_documented_as(request_name("quote"))
@_accepted
def create_quote(lead: dict[str, Any]):
    """Ask for a custom quote."""
    return _store(Lead(form="quote", **lead))


def _store(lead: Lead):
    if deployment_check.requested():
        # No visitor's: neither counted with the leads nor put to the bot check.
        return commit(lead, "lead", "received", notify=OutboxMessage.CHECK, shown=SHOWN)
    metrics.mark_lead(lead.form, spam=lead.spam)
    if lead.spam:
        # A bot's lead is kept for the record but never reaches the sales team.
        return commit(lead, "lead", "received", shown=SHOWN)
    try:
        turnstile.verify()
    except ValidationError:
        # Counted with the bots': whatever the reason, the bot check did not let it in.
        metrics.mark_lead(lead.form, spam=True)
        raise
    return commit(lead, "lead", "received", notify=OutboxMessage.NEW_LEAD, shown=SHOWN)
