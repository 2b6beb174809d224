"""Saved replies: the texts a reply to a lead may start from, which every role reads (the lead's page
offers them to those who reply) and admins add, change and remove, each on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, abort, g
from marshmallow import EXCLUDE, Schema, fields
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ... import audit, content
from ...extensions import db
from ...intake.storage import json_body
from ...models.conversation import SavedReply
from ...models.leads import as_utc
from ...models.staff import StaffUser
from ..auth.guard import staff
from .filters import MAX_ID
from .written import written

bp = Blueprint("inbox_saved_replies", __name__, url_prefix="/api/inbox")

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


class InboxSavedReplyPath(Schema):
    saved_reply_id = fields.Integer(required=True)


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


TEXT, ITEM, LIST = SavedReplyText(), InboxSavedReply(), InboxSavedReplies()


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
    return ITEM.dump(_item(saved, g.staff))


@bp.get("/saved-replies")
@staff()
def list_saved_replies():
    """The saved replies, by title.
    ---
    get:
      responses:
        200:
          description: Each with who changed it last, and when.
          content:
            application/json:
              schema: InboxSavedReplies
    """
    rows = db.session.execute(
        select(SavedReply, StaffUser)
        .join(StaffUser, StaffUser.id == SavedReply.updated_by)
        .order_by(SavedReply.title)
    ).all()
    return LIST.dump({"saved_replies": [_item(saved, author) for saved, author in rows]})


@bp.post("/saved-replies")
@staff("admin")
def add_saved_reply():
    """Save a reply to start from.
    ---
    post:
      requestBody:
        content:
          application/json:
            schema: SavedReplyText
      responses:
        201:
          description: Saved.
          content:
            application/json:
              schema: InboxSavedReply
          links:
            change:
              operationId: change_saved_reply
              parameters: {saved_reply_id: $response.body#/id}
            remove:
              operationId: remove_saved_reply
              parameters: {saved_reply_id: $response.body#/id}
        409:
          description: Another saved reply has the title.
          content: {application/json: {schema: HttpError}}
    """
    text = TEXT.load(json_body())
    saved = SavedReply(**text, updated_at=datetime.now(UTC), updated_by=g.staff.id)
    db.session.add(saved)
    return _saved(saved, "saved_reply_added"), 201


@bp.post("/saved-replies/<int:saved_reply_id>")
@staff("admin")
def change_saved_reply(saved_reply_id: int):
    """Change a saved reply's title and text.
    ---
    post:
      operationId: change_saved_reply
      parameters:
        - in: path
          schema: InboxSavedReplyPath
      requestBody:
        content:
          application/json:
            schema: SavedReplyText
      responses:
        200:
          description: Changed.
          content:
            application/json:
              schema: InboxSavedReply
        404:
          description: No such saved reply.
          content: {application/json: {schema: HttpError}}
        409:
          description: Another saved reply has the title.
          content: {application/json: {schema: HttpError}}
    """
    saved = _found(saved_reply_id)
    text = TEXT.load(json_body())
    saved.title, saved.body = text["title"], text["body"]
    saved.updated_at, saved.updated_by = datetime.now(UTC), g.staff.id
    return _saved(saved, "saved_reply_changed")


@bp.post("/saved-replies/<int:saved_reply_id>/remove")
@staff("admin")
def remove_saved_reply(saved_reply_id: int):
    """Remove a saved reply: the replies written from it stay as they were sent.
    ---
    post:
      operationId: remove_saved_reply
      parameters:
        - in: path
          schema: InboxSavedReplyPath
      responses:
        204:
          description: Removed.
        404:
          description: No such saved reply.
          content: {application/json: {schema: HttpError}}
    """
    db.session.delete(_found(saved_reply_id))
    audit.record("saved_reply_removed", g.staff.id, saved_reply_id=saved_reply_id)
    db.session.commit()
    return "", 204
