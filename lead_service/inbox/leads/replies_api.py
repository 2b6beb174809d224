"""Replies to a lead through the inbox: sales and admins write one, and it goes by e-mail through the
outbox; every role reads the conversation on the lead's page."""

from flask import Blueprint, abort, g
from marshmallow import EXCLUDE, Schema, fields, validate

from ... import content
from ...intake.storage import json_body
from ..auth.guard import staff
from . import conversation
from .leads_api import lead_or_404
from .written import written

bp = Blueprint("inbox_replies", __name__, url_prefix="/api/inbox")

MAX_REPLY_LENGTH = content.load("inbox")["limits"]["maxReplyLength"]


class ReplyText(Schema):
    class Meta:
        unknown = EXCLUDE

    body = written("reply", MAX_REPLY_LENGTH)


class InboxMessage(Schema):
    id = fields.Integer(required=True)
    direction = fields.String(required=True, validate=validate.OneOf(["out"]))
    author = fields.Nested("InboxPerson", required=True, allow_none=True)
    at = fields.DateTime(required=True, metadata={"description": "When it was written."})
    to = fields.String(required=True)
    subject = fields.String(required=True)
    body = fields.String(required=True, metadata={"description": "Plain text."})
    delivery = fields.Nested(
        "InboxChannelState",
        required=True,
        allow_none=True,
        metadata={"description": "Where its e-mail stands: pending, sent, failed (for now) or dead."},
    )


REPLY_TEXT, MESSAGE = ReplyText(), InboxMessage()


@bp.post("/leads/<int:lead_id>/replies")
@staff("sales")
def reply(lead_id: int):
    """Reply to a lead by e-mail, from the sales address under the writer's name.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      requestBody:
        content:
          application/json:
            schema: ReplyText
      responses:
        201:
          description: >-
            Kept and queued: the message, its delivery pending. A new lead becomes contacted, and a
            lead nothing answered before has its first response now.
          content:
            application/json:
              schema: InboxMessage
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
        409:
          description: >-
            No reply can go: the service has no sales address (SALES_EMAIL), or the lead's address
            cannot take an e-mail.
          content: {application/json: {schema: HttpError}}
    """
    lead = lead_or_404(lead_id)
    body = REPLY_TEXT.load(json_body())["body"]
    off = conversation.replies_off(lead)
    if off:
        abort(409, description=off)
    message = conversation.reply(lead, body, g.staff)
    if message is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    written = next(item for item in conversation.messages(lead_id) if item["id"] == message.id)
    return MESSAGE.dump(written), 201
