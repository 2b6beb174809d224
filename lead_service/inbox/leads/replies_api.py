"""Replies to a lead through the inbox: sales and admins write one, and it goes by e-mail through the
outbox; every role reads the conversation on the lead's page, the lead's answers among them (read
from the sales mailbox by the outbox worker)."""

from flask import abort, g
from marshmallow import EXCLUDE, Schema, fields, validate

from ... import content
from ...intake import contract
from ...models.conversation import DIRECTIONS
from ..auth.guard import staff
from . import conversation
from .lookup import lead_or_404
from .written import written

bp = contract.Blueprint("inbox_replies", __name__, url_prefix="/api/inbox")

MAX_REPLY_LENGTH = content.load("inbox")["limits"]["maxReplyLength"]


class ReplyText(Schema):
    class Meta:
        unknown = EXCLUDE

    body = written("reply", MAX_REPLY_LENGTH)


class InboxAttachment(Schema):
    name = fields.String(required=True)
    size = fields.Integer(required=True, metadata={"description": "In bytes."})


class InboxConfirmation(Schema):
    by = fields.Nested("InboxPerson", required=True)
    at = fields.DateTime(required=True)


class InboxMessage(Schema):
    id = fields.Integer(required=True)
    direction = fields.String(
        required=True,
        validate=validate.OneOf(DIRECTIONS),
        metadata={
            "description": "out: a reply of the team's; in: the lead's answer, read from the sales mailbox."
        },
    )
    author = fields.Nested("InboxPerson", required=True, allow_none=True)
    at = fields.DateTime(
        required=True,
        metadata={"description": "When it was written; an answer, when the mailbox took it in."},
    )
    to = fields.String(required=True)
    sender = fields.String(
        data_key="from",
        required=True,
        allow_none=True,
        metadata={
            "description": "An answer's sender address; null for a reply, which goes from the sales address."
        },
    )
    subject = fields.String(required=True)
    body = fields.String(required=True, metadata={"description": "Plain text."})
    delivery = fields.Nested(
        "InboxChannelState",
        required=True,
        allow_none=True,
        metadata={"description": "Where a reply's e-mail stands: pending, sent, failed (for now) or dead."},
    )
    attachments = fields.List(
        fields.Nested(InboxAttachment),
        required=True,
        metadata={"description": "An answer's attachments, by name and size: listed, not kept."},
    )
    from_other_address = fields.Boolean(
        required=True,
        metadata={
            "description": "An answer sent from an address other than the lead's: its owner is told"
            " only once sales or an admin confirms it is the lead's. False for a reply."
        },
    )
    confirmed = fields.Nested(
        InboxConfirmation,
        required=True,
        allow_none=True,
        metadata={
            "description": "Who took an answer as the lead's, and when: a confirmation of an answer from"
            " another address, or a filing by hand. Null for a reply, and for an answer nobody vouched for."
        },
    )


@bp.post("/leads/<int:lead_id>/replies")
@staff("sales")
@bp.arguments(ReplyText)
@bp.response(
    201,
    InboxMessage,
    description="Kept and queued: the message, its delivery pending. A new lead becomes contacted, and"
    " a lead nothing answered before has its first response now.",
)
@bp.alt_response(404, response=contract.NO_SUCH_LEAD)
@bp.refuses(
    409,
    "No reply can go: the service has no sales address (SALES_EMAIL), or the lead's address cannot take"
    " an e-mail.",
)
def reply(text: dict[str, str], lead_id: int):
    """Reply to a lead by e-mail, from the sales address under the writer's name."""
    lead = lead_or_404(lead_id)
    off = conversation.replies_off(lead)
    if off:
        abort(409, description=off)
    message = conversation.reply(lead, text["body"], g.staff)
    if message is None:
        lead_or_404(lead_id)  # erased since it was found: 404
    return next(item for item in conversation.messages(lead_id) if item["id"] == message.id)
