"""What the leads' endpoints answer (leads_api.py): the list's page, a lead's detail with its
notification and its person (whom merges_api.py answers too, once merged), a lead's address now, a
notification sent again. Each view's answer is dumped through its schema, so that the answer is
what the OpenAPI document shows."""

from typing import Any

from marshmallow import Schema, fields, validate

from ...models.leads import LEAD_STATUSES
from ...outbox import queue
from ...schemas import AttributionSchema
from .person import HISTORY_KEPT, LEADS_SHOWN


class InboxLeadMoved(Schema):
    id = fields.Integer(required=True, metadata={"description": "The lead's id now."})


class InboxSegment(Schema):
    text = fields.String(required=True)
    match = fields.Boolean(required=True)


class _Segments(fields.List):
    """A field's segments, documented as a list of InboxSegment and written as such, without a
    schema's dump for each: a search's page holds hundreds of them, which would double its time."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> list[dict] | None:
        if value is None:
            return None
        return [{"text": str(segment["text"]), "match": bool(segment["match"])} for segment in value]


class InboxLeadRow(Schema):
    id = fields.Integer(required=True)
    received = fields.DateTime(required=True)
    form = fields.String(required=True)
    name = fields.String(required=True)
    company = fields.String(required=True, allow_none=True)
    email = fields.String(required=True)
    page = fields.String(required=True, allow_none=True)
    spam = fields.Boolean(required=True)
    notified = fields.Boolean(required=True, metadata={"description": "Whether the sales e-mail went out."})
    status = fields.String(required=True, validate=validate.OneOf(LEAD_STATUSES))
    owner = fields.Nested("InboxPerson", required=True, allow_none=True)
    version = fields.Integer(required=True, metadata={"description": "What a change of it is made on."})
    person_leads = fields.Integer(
        metadata={"description": "One row per person: how many leads the person sent (this one among them)."}
    )
    highlight = fields.Dict(
        keys=fields.String(),
        values=_Segments(fields.Nested(InboxSegment)),
        metadata={"description": "When searching: each field a term was found in, as text segments."},
    )


class LeadRows(fields.List):
    """The page's leads, documented as a list of InboxLeadRow and written as such, each as the page
    built it (page.page: the row's fields, of their types) with its time in ISO 8601, without a
    schema's dump for each: those took longer than the page's own query."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> list[dict]:
        rows = []
        for lead in value:
            row = {**lead, "received": lead["received"].isoformat()}
            if "highlight" in lead:
                row["highlight"] = {
                    field: _SEGMENTS._serialize(segments, None, None)
                    for field, segments in lead["highlight"].items()
                }
            rows.append(row)
        return rows


_SEGMENTS = _Segments(fields.Nested(InboxSegment))


class InboxLeadPage(Schema):
    leads = LeadRows(fields.Nested(InboxLeadRow), required=True)
    next = fields.String(required=True, allow_none=True, metadata={"description": "The next page's cursor."})
    counts = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True)
    newest_id = fields.Integer(
        required=True,
        metadata={"description": "The newest lead's id when the page was read (0: none)."},
    )


class InboxChannelState(Schema):
    state = fields.String(
        required=True, validate=validate.OneOf(["sent", "failed", "dead", "pending", "not_configured"])
    )
    at = fields.DateTime()
    error = fields.String(allow_none=True)
    next_attempt_at = fields.DateTime()


class InboxNotification(Schema):
    id = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(queue.STATUSES))
    attempts = fields.Integer(required=True)
    queued_at = fields.DateTime(required=True)
    next_attempt_at = fields.DateTime(required=True, allow_none=True)
    delivered_at = fields.DateTime(required=True, allow_none=True)
    last_error = fields.String(required=True, allow_none=True)
    channels = fields.Dict(keys=fields.String(), values=fields.Nested(InboxChannelState), required=True)


class InboxLeadField(Schema):
    field = fields.String(required=True)
    label = fields.String(required=True)
    value = fields.String(required=True, allow_none=True)


class InboxPersonLead(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True, metadata={"description": "The address it was sent with, as sent."})
    form_title = fields.String(required=True)
    received = fields.DateTime(required=True)
    status = fields.String(required=True, validate=validate.OneOf(LEAD_STATUSES))
    spam = fields.Boolean(required=True)
    next_step = fields.Nested("InboxNextStep", required=True, allow_none=True)


class InboxPersonEvent(Schema):
    at = fields.DateTime(required=True)
    lead_id = fields.Integer(required=True)
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["lead", "note", "reply", "answer"]),
        metadata={
            "description": (
                "The lead came, a note was kept on it, a reply went to it, or its answer came back."
            )
        },
    )
    author = fields.Nested("InboxPerson", required=True, allow_none=True)
    text = fields.String(
        required=True, allow_none=True, metadata={"description": "A note's, a reply's or an answer's."}
    )


class InboxLeadPerson(Schema):
    addresses = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The person's addresses, case-folded: the lead's and any merged with it."},
    )
    merges = fields.List(
        fields.Nested("InboxPersonMerge"),
        required=True,
        metadata={"description": "The merges that joined them, oldest first, each of which can be undone."},
    )
    lead_count = fields.Integer(
        required=True, metadata={"description": "How many other leads they sent with any of their addresses."}
    )
    leads = fields.List(
        fields.Nested(InboxPersonLead),
        required=True,
        metadata={
            "description": f"The latest {LEADS_SHOWN} of those, oldest first: lead_count says how many"
            " there are in all."
        },
    )
    history = fields.List(
        fields.Nested(InboxPersonEvent),
        required=True,
        metadata={
            "description": f"Their arrivals, notes and replies, in time order (the latest {HISTORY_KEPT})."
        },
    )


class LeadRecord(Schema):
    """A lead as staff see it and the team's other tools read it (GET /api/v1/leads/{id}); the
    inbox's own page adds what it shows beside (InboxLead)."""

    id = fields.Integer(required=True)
    form = fields.String(required=True)
    form_title = fields.String(required=True)
    received = fields.DateTime(required=True)
    page = fields.String(required=True, allow_none=True)
    spam = fields.Boolean(required=True)
    # Named `fields` only in the data: in the class, it would hide the module, and Schema.fields.
    fields_ = fields.List(fields.Nested(InboxLeadField), required=True, data_key="fields", attribute="fields")
    work = fields.Nested("InboxWork", required=True)
    deal = fields.Nested(
        "InboxDeal", required=True, allow_none=True, metadata={"description": "Null: no deal yet."}
    )
    notes = fields.List(fields.Nested("InboxNote"), required=True, metadata={"description": "Newest first."})
    conversation = fields.List(
        fields.Nested("InboxMessage"), required=True, metadata={"description": "Oldest first."}
    )
    attribution = fields.Nested(
        AttributionSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Where the visit began, for a visitor who allowed analytics; else null."},
    )


class InboxLead(LeadRecord):
    notification = fields.Nested(
        InboxNotification,
        required=True,
        allow_none=True,
        metadata={"description": "Null for spam, which nobody is told of."},
    )
    person = fields.Nested(InboxLeadPerson, required=True)
    replies_off = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Why no reply can be written to the lead now; null when one can."},
    )
    purge_after = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={
            "description": "When the retention period ends for it (LEAD_RETENTION_DAYS): the daily purge"
            " removes it on the next run after this. Null: kept until erased."
        },
    )


class InboxRetried(Schema):
    notification = fields.Nested(InboxNotification, required=True)
