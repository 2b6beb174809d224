"""What the webhook endpoints' views take and answer (webhooks_api.py)."""

from flask import current_app
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ...models.webhooks import DELIVERY_STATUSES, WEBHOOK_EVENTS
from ...webhooks.addresses import MAX_URL_LENGTH, RefusedAddress, resolve
from ..leads.filters import MAX_ID

MAX_DESCRIPTION_LENGTH = 200
PAGE = 50


def _reachable(url: str) -> None:
    """Checked as each send checks it: a URL that would be refused is refused now, and says why."""
    try:
        resolve(url, current_app.config["WEBHOOK_ALLOWED_NETWORKS"])
    except RefusedAddress as exc:
        raise ValidationError(str(exc)) from exc


def _url(required: bool) -> fields.String:
    return fields.String(
        required=required,
        validate=[validate.Length(min=1, max=MAX_URL_LENGTH), _reachable],
        metadata={"description": "http or https, to a public address (docs/integrations.md)."},
    )


def _events(required: bool) -> fields.List:
    return fields.List(
        fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)),
        required=required,
        validate=validate.Length(min=1, error="Choose at least one event."),
    )


class EndpointNew(Schema):
    class Meta:
        unknown = EXCLUDE

    url = _url(True)
    description = fields.String(load_default="", validate=validate.Length(max=MAX_DESCRIPTION_LENGTH))
    events = _events(True)


class EndpointChange(Schema):
    class Meta:
        unknown = EXCLUDE

    url = _url(False)
    description = fields.String(validate=validate.Length(max=MAX_DESCRIPTION_LENGTH))
    events = _events(False)
    enabled = fields.Boolean()


class InboxWebhookEndpoint(Schema):
    id = fields.Integer(required=True)
    url = fields.String(required=True)
    description = fields.String(required=True)
    events = fields.List(fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)), required=True)
    enabled = fields.Boolean(required=True)
    created_at = fields.DateTime(required=True)
    failing_since = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={"description": "Since when every try failed; null: it works."},
    )
    disabled_reason = fields.String(required=True, allow_none=True)
    legacy = fields.Boolean(
        required=True, metadata={"description": "Made from WEBHOOK_URL: also the old body."}
    )


class InboxWebhookEndpoints(Schema):
    endpoints = fields.List(fields.Nested(InboxWebhookEndpoint), required=True)
    events = fields.List(
        fields.String(validate=validate.OneOf(WEBHOOK_EVENTS)),
        required=True,
        metadata={"description": "Every event an endpoint may choose."},
    )


class InboxWebhookSecret(Schema):
    endpoint = fields.Nested(InboxWebhookEndpoint, required=True)
    secret = fields.String(
        required=True, metadata={"description": "Shown this once: keep it at the receiver."}
    )


class DeliveriesQuery(Schema):
    before = fields.Integer(
        validate=validate.Range(min=1, max=MAX_ID), metadata={"description": "The `next` of the page before."}
    )


class InboxWebhookAttempt(Schema):
    at = fields.DateTime(required=True)
    status_code = fields.Integer(required=True, allow_none=True)
    error = fields.String(required=True, allow_none=True)
    duration_ms = fields.Integer(required=True)
    response = fields.String(required=True, metadata={"description": "The answer's first 500 characters."})


class InboxWebhookDelivery(Schema):
    id = fields.Integer(required=True)
    message_id = fields.String(
        required=True, metadata={"description": "The webhook-id, the same on each try."}
    )
    event = fields.String(required=True)
    lead_id = fields.Integer(required=True, allow_none=True)
    created_at = fields.DateTime(required=True)
    status = fields.String(required=True, validate=validate.OneOf(DELIVERY_STATUSES))
    next_attempt_at = fields.DateTime(required=True, allow_none=True)
    attempts = fields.List(
        fields.Nested(InboxWebhookAttempt), required=True, metadata={"description": "Oldest first."}
    )


class InboxWebhookDeliveries(Schema):
    deliveries = fields.List(
        fields.Nested(InboxWebhookDelivery), required=True, metadata={"description": "Newest first."}
    )
    next = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The next page's `before`."}
    )
