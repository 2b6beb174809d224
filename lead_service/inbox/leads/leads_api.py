"""The leads as the inbox reads them: the list with its filters, search and counts, a lead's detail,
and a notification sent again. Every staff role reads; sales and admins retry."""

import re
from typing import Any

from flask import Blueprint, abort, current_app, g, request
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema
from sqlalchemy import func, select

from ... import audit, content, retention
from ...extensions import db
from ...models.leads import LEAD_STATUSES, Lead, LeadAddress, OutboxMessage, as_utc, utc_or_none
from ...outbox import queue
from ...schemas import ATTRIBUTION_KEYS, AttributionSchema, characters, form_spec
from ..auth.guard import staff
from . import conversation, page, person, work
from .alongside import alongside
from .counts import counts
from .filters import FORM_NAMES, MAX_ID, NOBODY, SPAM_CHOICES, Cursor, Filters
from .highlight import MAX_QUERY_LENGTH, MAX_TERMS, terms

bp = Blueprint("inbox_leads", __name__, url_prefix="/api/inbox")

# The notification channels, and the setting that turns each on (lead_service.outbox.channels).
CHANNELS = {"email": "SMTP_HOST", "webhook": "WEBHOOK_URL"}
MAX_NEW_FOR_HOURS = content.load("inbox")["limits"]["maxNewForHours"]


class LeadsQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    form = fields.String(validate=validate.OneOf(FORM_NAMES), metadata={"description": "One form."})
    since = fields.Date(
        format="%Y-%m-%d", data_key="from", metadata={"description": "The first UTC day (YYYY-MM-DD)."}
    )
    until = fields.Date(
        format="%Y-%m-%d", data_key="to", metadata={"description": "The last UTC day (YYYY-MM-DD), included."}
    )
    spam = fields.String(
        validate=validate.OneOf(SPAM_CHOICES),
        metadata={
            "description": "Spam is left out unless asked for, alone (only) or with the rest (include)."
        },
    )
    q = fields.String(
        validate=[
            validate.Length(max=MAX_QUERY_LENGTH, error=f"Search for at most {MAX_QUERY_LENGTH} characters."),
            characters({"type": "text"}),
        ],
        metadata={
            "description": "Search: each word starts a word of the name, company, e-mail, phone, message"
            " or project, or (3 characters or more) is part of the e-mail address or of the phone number."
        },
    )
    status = fields.String(validate=validate.OneOf(LEAD_STATUSES))
    owner = fields.String(
        validate=validate.Regexp(r"^(none|[1-9][0-9]{0,8})$", error="Choose someone, or nobody."),
        metadata={"description": "A staff user's id, or `none` for the leads nobody owns."},
    )
    new_for = fields.Integer(
        strict=False,
        validate=validate.Range(
            min=1, max=MAX_NEW_FOR_HOURS, error=f"Give from 1 to {MAX_NEW_FOR_HOURS} hours."
        ),
        metadata={"description": "Only the leads still new this many hours after they came."},
    )
    by = fields.String(
        validate=validate.OneOf(["person"]),
        metadata={
            "description": "person: one row per person (the leads sent with one address, any capitals), "
            "their newest listed lead with the count of all their leads; not with a search."
        },
    )
    cursor = fields.String(
        validate=characters({"type": "text"}), metadata={"description": "The `next` of the page before."}
    )

    @validates_schema
    def dates_in_order(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise ValidationError("The first day comes after the last.", "to")

    @validates_schema
    def people_without_search(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data.get("by") and data.get("q", "").strip():
            raise ValidationError(
                "A search lists each lead it finds: one row per person is for the list.", "by"
            )


LEADS_QUERY = LeadsQuery()
# The view's filters but the search, as the query string names them.
FILTER_NAMES = ("form", "from", "to", "spam", "status", "owner", "new_for", "by")


def query_filters() -> tuple[Filters, Cursor | None, str]:
    """The list's filters, cursor and search text from the query string; 400 for any invalid."""
    query = LEADS_QUERY.load(request.args)
    text = query.get("q", "").strip()
    found = terms(text) if text else None
    if found and len(found) > MAX_TERMS:
        raise ValidationError({"q": [f"Search for at most {MAX_TERMS} words."]})
    cursor = None
    if "cursor" in query:
        try:
            cursor = Cursor.decode(query["cursor"])
        except ValueError:
            raise ValidationError(
                {"cursor": ["Not a cursor of this list: start from its first page."]}
            ) from None
    filters = Filters(
        form=query.get("form"),
        since=query.get("since"),
        until=query.get("until"),
        spam=query.get("spam"),
        status=query.get("status"),
        owner=None if "owner" not in query else NOBODY if query["owner"] == "none" else int(query["owner"]),
        new_for=query.get("new_for"),
        terms=found,
        people=query.get("by") == "person",
    )
    return filters, cursor, text


# What the answers hold: each view dumps its answer through its schema, so that the answer is what
# the OpenAPI document shows.
class InboxLeadPath(Schema):
    lead_id = fields.Integer(required=True)


# The lead tables before migration 0020, as the inbox's old addresses name them.
OLD_KINDS = ("contact", "quote")


class InboxOldLeadPath(Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(OLD_KINDS),
        metadata={"description": "The lead's table before every lead was in one."},
    )
    old_id = fields.Integer(required=True, metadata={"description": "Its id in that table."})


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


class _Rows(fields.List):
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
    leads = _Rows(fields.Nested(InboxLeadRow), required=True)
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
    form_title = fields.String(required=True)
    received = fields.DateTime(required=True)
    status = fields.String(required=True, validate=validate.OneOf(LEAD_STATUSES))
    spam = fields.Boolean(required=True)


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
    leads = fields.List(
        fields.Nested(InboxPersonLead),
        required=True,
        metadata={"description": "The other leads sent with the same address (any capitals), oldest first."},
    )
    history = fields.List(
        fields.Nested(InboxPersonEvent),
        required=True,
        metadata={"description": "Their arrivals, notes and replies, in time order (the latest 100)."},
    )


class InboxLead(Schema):
    id = fields.Integer(required=True)
    form = fields.String(required=True)
    form_title = fields.String(required=True)
    received = fields.DateTime(required=True)
    page = fields.String(required=True, allow_none=True)
    spam = fields.Boolean(required=True)
    # Named `fields` only in the data: in the class, it would hide the module, and Schema.fields.
    fields_ = fields.List(fields.Nested(InboxLeadField), required=True, data_key="fields", attribute="fields")
    notification = fields.Nested(
        InboxNotification,
        required=True,
        allow_none=True,
        metadata={"description": "Null for spam, which nobody is told of."},
    )
    work = fields.Nested("InboxWork", required=True)
    notes = fields.List(fields.Nested("InboxNote"), required=True, metadata={"description": "Newest first."})
    conversation = fields.List(
        fields.Nested("InboxMessage"), required=True, metadata={"description": "Oldest first."}
    )
    person = fields.Nested(InboxLeadPerson, required=True)
    replies_off = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Why no reply can be written to the lead now; null when one can."},
    )
    attribution = fields.Nested(
        AttributionSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Where the visit began, for a visitor who allowed analytics; else null."},
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


LEAD_PAGE, LEAD, LEAD_MOVED, RETRIED = InboxLeadPage(), InboxLead(), InboxLeadMoved(), InboxRetried()


@bp.get("/leads")
@staff()
def list_leads():
    """The leads of every form, newest first, a page (inbox.json's pageSize) at a time, with the
    counts per form.
    ---
    get:
      parameters:
        - in: query
          schema: LeadsQuery
      responses:
        200:
          description: >-
            A page of leads, newest first (ties by id), each with the fields the list
            shows, whether its notification went out by e-mail, and, when searching, `highlight`:
            each field a term was found in, as text segments (`match` true where found; a message
            or project only around its first match); `next`, the cursor of the next page (null
            after the last); `counts`, the leads of each form under every filter but the form (on
            the first page only: null with a cursor; with a search, counted up to 101, shown as
            "100+").
          content:
            application/json:
              schema: InboxLeadPage
        400:
          description: An invalid filter or cursor.
          content: {application/json: {schema: ValidationErrors}}
    """
    filters, cursor, text = query_filters()
    # The tabs' counts, with the first page only: they do not change with the page, and cost about
    # as much as it, so they are read at the same time.
    counted = alongside(lambda: counts(filters)) if cursor is None else None
    answer = page.page(filters, cursor)
    answer["counts"] = counted.result() if counted else None
    answer["newest_id"] = db.session.scalar(select(func.max(Lead.id))) or 0
    # Every page read is on the trail, with its view and how many leads it showed; of a search, the
    # length only: what staff look for says what they know of someone.
    view = {name: request.args[name] for name in FILTER_NAMES if request.args.get(name)}
    if text:
        view["query_length"] = len(text)
    audit.record("search" if text else "leads_listed", g.staff.id, rows=len(answer["leads"]), **view)
    db.session.commit()
    return LEAD_PAGE.dump(answer)


def lead_or_404(lead_id: int) -> Lead:
    found = page.lead(lead_id)
    if found is None:
        abort(404, description="There is no such lead: it may have been erased.")
    return found


# The outbox's record of a failure: "<channel or notice>: <what>", several joined by "; ".
_FAILURE_START = re.compile(r"; (?=(?:notice|" + "|".join(CHANNELS) + "): )")


def _failures(last_error: str | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for failure in _FAILURE_START.split(last_error or ""):
        where, separator, what = failure.partition(": ")
        if separator:
            found[where] = what
    return found


def notification_state(row: OutboxMessage | None) -> dict[str, Any] | None:
    """The notification's status and, per channel: sent (when), failed (why, and the next try),
    dead (why), pending, or not_configured (off now, or when it was delivered)."""
    if row is None:
        return None
    failures = _failures(row.last_error)
    channels = {}
    for name, setting in CHANNELS.items():
        sent_at = getattr(row, f"{name}_sent_at")
        error = failures.get(name) or failures.get("notice")
        if sent_at is not None:
            state: dict[str, Any] = {"state": "sent", "at": as_utc(sent_at)}
        elif row.status == "delivered" or not current_app.config[setting]:
            state = {"state": "not_configured"}
        elif row.status == "dead":
            state = {"state": "dead", "error": error}
        elif row.attempts and error:
            state = {"state": "failed", "error": error, "next_attempt_at": utc_or_none(row.next_attempt_at)}
        else:
            state = {"state": "pending"}
        channels[name] = state
    return {
        "id": row.id,
        "status": row.status,
        "attempts": row.attempts,
        "queued_at": as_utc(row.created_at),
        "next_attempt_at": utc_or_none(row.next_attempt_at) if row.status == "pending" else None,
        "delivered_at": utc_or_none(row.delivered_at),
        "last_error": row.last_error,
        "channels": channels,
    }


def _form_fields(found: Lead) -> list[dict[str, Any]]:
    """The form's fields in its order, under its labels (the hidden page field, and the phone's
    country as the form sent it, which only read the number, apart)."""
    return [
        {"field": field, "label": spec["label"], "value": getattr(found, field, None)}
        for field, spec in form_spec(found.form)["fields"].items()
        if spec["type"] not in ("hidden", "phone-country")
    ]


@bp.get("/leads/moved/<kind>/<int:old_id>")
@staff()
def lead_moved(kind: str, old_id: int):
    """Where a lead's address from before every lead was in one table leads now.
    ---
    get:
      parameters:
        - in: path
          schema: InboxOldLeadPath
      responses:
        200:
          description: The lead's id now, for its old address /inbox/leads/<kind>/<old_id>.
          content:
            application/json:
              schema: InboxLeadMoved
        404:
          description: No lead had that address, or it was erased since.
          content: {application/json: {schema: HttpError}}
    """
    old = (kind, old_id) if kind in OLD_KINDS and old_id <= MAX_ID else None
    moved = db.session.get(LeadAddress, old) if old else None
    if moved is None:
        abort(404, description="There is no such lead: it may have been erased.")
    return LEAD_MOVED.dump({"id": moved.lead_id})


@bp.get("/leads/<int:lead_id>")
@staff()
def lead_detail(lead_id: int):
    """A lead: every field under its form's label, where and when it came, its notification, notes and
    conversation.
    ---
    get:
      parameters:
        - in: path
          schema: InboxLeadPath
      responses:
        200:
          description: >-
            The lead, its fields in the form's order under the form's labels, and its notification
            (null for spam, which nobody is told of) with each channel's state.
          content:
            application/json:
              schema: InboxLead
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
    """
    found = lead_or_404(lead_id)
    answer = {
        "id": found.id,
        "form": found.form,
        "form_title": form_spec(found.form)["title"],
        "received": as_utc(found.created_at),
        "page": found.page,
        "spam": found.spam,
        "fields": _form_fields(found),
        "notification": notification_state(page.notification(lead_id)),
        "work": work.state(found),
        "notes": [work.note_state(note, g.staff) for note in work.notes(lead_id)],
        "conversation": conversation.messages(lead_id),
        "replies_off": conversation.replies_off(found),
        "person": person.person(found),
        "attribution": {key: getattr(found, key) for key in ATTRIBUTION_KEYS if getattr(found, key)} or None,
        "purge_after": retention.purge_after(found.created_at),
    }
    audit.record("lead_viewed", g.staff.id, lead=lead_id)
    db.session.commit()
    return LEAD.dump(answer)


@bp.post("/leads/<int:lead_id>/retry")
@staff("sales")
def retry_notification(lead_id: int):
    """Send a lead's notification again, from a first try.
    ---
    post:
      parameters:
        - in: path
          schema: InboxLeadPath
      responses:
        200:
          description: Queued again; the notification as it now stands.
          content:
            application/json:
              schema: InboxRetried
        404:
          description: No such lead.
          content: {application/json: {schema: HttpError}}
        409:
          description: The notification was delivered, or the lead has none (spam).
          content: {application/json: {schema: HttpError}}
    """
    lead_or_404(lead_id)
    # Written first: on SQLite the write lock is then this request's, so no worker can deliver the
    # notification between the look at its status below and the re-queue (on PostgreSQL, its row
    # is locked). Rolled back with the rest when there is nothing to retry.
    audit.record("notification_retried", g.staff.id, lead=lead_id)
    db.session.flush()
    row = page.notification(lead_id, lock=True)
    if row is None or row.status == "delivered":
        db.session.rollback()
        what = "was delivered" if row is not None else "does not exist: nobody is told of spam"
        abort(409, description=f"The lead's notification {what}.")
    queue.requeue([row.id])  # commits, the audit event with it
    return RETRIED.dump({"notification": notification_state(page.notification(lead_id))})
