"""The list's query string (GET /api/inbox/leads, and the download of its view): the filters, the
search and the cursor, checked with the messages the inbox's pages show, and read into the list's
view."""

from typing import Any, NamedTuple

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validate, validates_schema

from ... import content
from ...models.leads import LEAD_STATUSES
from ...schemas import characters
from .filters import FORM_NAMES, NOBODY, SPAM_CHOICES, Cursor, Filters
from .highlight import MAX_QUERY_LENGTH, MAX_TERMS, terms

MAX_NEW_FOR_HOURS = content.load("inbox")["limits"]["maxNewForHours"]

# The view's filters but the search, as the query string names them.
FILTER_NAMES = ("form", "from", "to", "spam", "status", "owner", "new_for", "by")


class ListView(NamedTuple):
    """What the query string asks the list for: its filters, the page it starts after (None: the
    first), and the search as typed, trimmed."""

    filters: Filters
    cursor: Cursor | None
    text: str


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
            "description": "person: one row per person (the leads sent with their address, or any "
            "merged with it, in any capitals), their newest listed lead with the count of all their "
            "leads; not with a search."
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

    # After every field and the checks above pass (marshmallow runs no post_load on errors): the
    # search's words and the cursor are read only from a query that is valid otherwise.
    @post_load
    def view(self, query: dict[str, Any], **_kwargs: Any) -> ListView:
        text = query.get("q", "").strip()
        found = terms(text) if text else None
        if found and len(found) > MAX_TERMS:
            raise ValidationError(f"Search for at most {MAX_TERMS} words.", "q")
        cursor = None
        if "cursor" in query:
            try:
                cursor = Cursor.decode(query["cursor"])
            except ValueError:
                raise ValidationError(
                    "Not a cursor of this list: start from its first page.", "cursor"
                ) from None
        owner = query.get("owner")
        filters = Filters(
            form=query.get("form"),
            since=query.get("since"),
            until=query.get("until"),
            spam=query.get("spam"),
            status=query.get("status"),
            owner=None if owner is None else NOBODY if owner == "none" else int(owner),
            new_for=query.get("new_for"),
            terms=found,
            people=query.get("by") == "person",
        )
        return ListView(filters, cursor, text)
