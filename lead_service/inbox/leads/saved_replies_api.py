"""Saved replies: the texts a reply to a lead may start from, which every role reads (the lead's page
offers them to those who reply) and admins add, change and remove, each on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from flask import abort, g
from marshmallow import EXCLUDE, Schema, fields
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ... import audit, content
from ...extensions import db
from ...intake import contract
from ...models.conversation import SavedReply
from ...models.leads import as_utc
from ...models.staff import StaffUser
from ..auth.guard import staff
from .filters import MAX_ID
from .written import written

bp = contract.Blueprint("inbox_saved_replies", __name__, url_prefix="/api/inbox")

LIMITS = content.load("inbox")["limits"]
MAX_TITLE_LENGTH, MAX_REPLY_LENGTH = LIMITS["maxSavedReplyTitleLength"], LIMITS["maxReplyLength"]


class SavedReplyText(Schema):
    class Meta:
        unknown = EXCLUDE

    title = written("title", MAX_TITLE_LENGTH, "text", description="What the reply form lists it as.")
    body = written(
        "reply",
        MAX_REPLY_LENGTH,
        description="Plain text; {name}, {first_name}, {company}, {form} and {sender} are filled in.",
    )


class InboxSavedReply(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)
    body = fields.String(required=True)
    updated_at = fields.DateTime(required=True)
    updated_by = fields.Nested("InboxPerson", required=True)


class InboxSavedReplies(Schema):
    saved_replies = fields.List(
        fields.Nested(InboxSavedReply), required=True, metadata={"description": "By title."}
    )


def _item(saved: SavedReply, author: StaffUser) -> dict[str, Any]:
    return {
        "id": saved.id,
        "title": saved.title,
        "body": saved.body,
        "updated_at": as_utc(saved.updated_at),
        "updated_by": {"id": author.id, "name": author.name},
    }


def _found(saved_reply_id: int) -> SavedReply:
    found = db.session.get(SavedReply, saved_reply_id) if saved_reply_id <= MAX_ID else None
    if found is None:
        abort(404, description="There is no such saved reply: someone may have removed it.")
    return found


def _saved(saved: SavedReply, action: str) -> dict[str, Any]:
    """Commits the saved reply as it now stands, on the trail: its answer. 409 when another one has
    its title."""
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        abort(409, description="Another saved reply has this title: choose another.")
    audit.record(action, g.staff.id, saved_reply_id=saved.id)
    db.session.commit()
    return _item(saved, g.staff)


def _link(operation_id: str) -> dict[str, Any]:
    """A link from a new saved reply's answer to one of its own operations (by its operationId)."""
    return {"operationId": operation_id, "parameters": {"saved_reply_id": "$response.body#/id"}}


@bp.get("/saved-replies")
@staff()
@bp.response(200, InboxSavedReplies, description="Each with who changed it last, and when.")
def list_saved_replies():
    """The saved replies, by title."""
    rows = db.session.execute(
        select(SavedReply, StaffUser)
        .join(StaffUser, StaffUser.id == SavedReply.updated_by)
        .order_by(SavedReply.title)
    ).all()
    return {"saved_replies": [_item(saved, author) for saved, author in rows]}


@bp.post("/saved-replies")
@staff("admin")
@bp.arguments(SavedReplyText)
@bp.response(201, InboxSavedReply, description="Saved.")
@bp.refuses(409, "Another saved reply has the title.")
@bp.doc(
    responses={201: {"links": {"change": _link("change_saved_reply"), "remove": _link("remove_saved_reply")}}}
)
def add_saved_reply(text: dict[str, str]):
    """Save a reply to start from."""
    saved = SavedReply(**text, updated_at=datetime.now(UTC), updated_by=g.staff.id)
    db.session.add(saved)
    return _saved(saved, "saved_reply_added")


@bp.post("/saved-replies/<int:saved_reply_id>")
@staff("admin")
@bp.arguments(SavedReplyText)
@bp.response(200, InboxSavedReply, description="Changed.")
@bp.refuses(404, "No such saved reply.")
@bp.refuses(409, "Another saved reply has the title.")
@bp.doc(operationId="change_saved_reply")
def change_saved_reply(text: dict[str, str], saved_reply_id: int):
    """Change a saved reply's title and text."""
    saved = _found(saved_reply_id)
    saved.title, saved.body = text["title"], text["body"]
    saved.updated_at, saved.updated_by = datetime.now(UTC), g.staff.id
    return _saved(saved, "saved_reply_changed")


@bp.post("/saved-replies/<int:saved_reply_id>/remove")
@staff("admin")
@bp.response(204, description="Removed.")
@bp.refuses(404, "No such saved reply.")
@bp.doc(operationId="remove_saved_reply")
def remove_saved_reply(saved_reply_id: int):
    """Remove a saved reply: the replies written from it stay as they were sent."""
    db.session.delete(_found(saved_reply_id))
    audit.record("saved_reply_removed", g.staff.id, saved_reply_id=saved_reply_id)
    db.session.commit()
    return "", 204
