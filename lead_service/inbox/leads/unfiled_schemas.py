"""What the Not filed endpoints (unfiled_api.py) take and answer: the lead a message set aside is
filed into, the list of those waiting, one of them in full, and a filing's result."""

from typing import ClassVar

from marshmallow import EXCLUDE, Schema, fields, validate

from ...models.conversation import RESOLUTIONS
from .filters import an_id
from .replies_api import InboxAttachment

LISTED = 200  # the newest, of however many wait
EXCERPT = 500  # characters of each one's text in the list


class UnfiledFiling(Schema):
    class Meta:
        unknown = EXCLUDE

    error_messages: ClassVar[dict[str, str]] = {"type": "Send the lead's id as a JSON object."}

    lead_id = fields.Integer(
        allow_none=True,
        strict=True,
        validate=an_id("Not one of this inbox's numbers."),
        metadata={"description": "The lead to file it into; left out or null: the lead it answers."},
    )


class InboxUnfiledLead(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class _Unfiled(Schema):
    id = fields.Integer(required=True)
    set_aside_at = fields.DateTime(required=True)
    received_at = fields.DateTime(
        required=True, metadata={"description": "When the sales mailbox took it in."}
    )
    reason = fields.String(
        required=True, metadata={"description": "Why it could not be filed, as a sentence."}
    )
    sender = fields.String(
        required=True, metadata={"description": "Its sender's address, as far as it could be read."}
    )
    subject = fields.String(required=True)
    attachments = fields.List(
        fields.Nested(InboxAttachment),
        required=True,
        metadata={"description": "By name and size: listed, never kept (they stay in the sales mailbox)."},
    )
    lead = fields.Nested(
        InboxUnfiledLead,
        required=True,
        allow_none=True,
        metadata={"description": "The lead whose conversation it answers; null once that lead is erased."},
    )


class InboxUnfiledItem(_Unfiled):
    excerpt = fields.String(
        required=True,
        metadata={
            "description": f"Its text's first {EXCERPT} characters as plain text, then … when it goes on."
        },
    )


class InboxUnfiledResolution(Schema):
    resolution = fields.String(required=True, validate=validate.OneOf(RESOLUTIONS))
    by = fields.Nested("InboxPerson", required=True)
    at = fields.DateTime(required=True)


class InboxUnfiledMessage(_Unfiled):
    body = fields.String(
        required=True, metadata={"description": "All of its text that was kept, as plain text."}
    )
    resolved = fields.Nested(
        InboxUnfiledResolution,
        required=True,
        allow_none=True,
        metadata={"description": "Filed or dismissed, by whom and when; null while it waits."},
    )


class InboxUnfiled(Schema):
    messages = fields.List(
        fields.Nested(InboxUnfiledItem),
        required=True,
        metadata={"description": f"Those waiting, the most recently set aside first (at most {LISTED})."},
    )
    total = fields.Integer(required=True, metadata={"description": "How many wait in all."})


class InboxUnfiledFiled(Schema):
    message_id = fields.Integer(required=True, metadata={"description": "The conversation's new message."})
    lead_id = fields.Integer(required=True)
