"""Views of the list saved by name: each its filters and search as the list's query string has
them, checked as the list checks them; kept for their owner alone or shared with the team. Every
role saves its own; its owner removes one, and an admin a shared one; each on the audit trail."""

from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import abort, g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates
from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError

from ... import audit
from ...extensions import db
from ...intake import contract
from ...models.staff import SavedView, StaffUser
from ..auth.guard import staff
from .filters import MAX_ID
from .list_query import FILTER_NAMES, LeadsQuery
from .staff_person import InboxPerson
from .written import written

bp = contract.Blueprint("inbox_views", __name__, url_prefix="/api/inbox")

# What a view keeps of the list's query string: its filters and its search, never a page.
KEPT = (*FILTER_NAMES, "q")
MAX_QUERY_LENGTH = 2000
MAX_NAME_LENGTH = 80


def normalized(query: str) -> str:
    """The view's query string as kept: its filters and search, each once, in the list's order.
    Raises ValidationError when the list would refuse it, with the list's own messages."""
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=False, max_num_fields=len(KEPT) * 2)
    kept = [(name, value) for name, value in pairs if name in KEPT]
    given = dict(kept)
    if not given:
        raise ValidationError("Set a filter or a search first: a view keeps them.")
    if len(given) != len(kept):
        raise ValidationError("Give each filter once.")
    problems = LeadsQuery().validate(given)
    if problems:
        raise ValidationError(
            " ".join(str(message) for messages in problems.values() for message in messages)
        )
    return urlencode([(name, given[name]) for name in KEPT if name in given])


class ViewChange(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("view's name", MAX_NAME_LENGTH, "text")
    query = fields.String(
        required=True,
        validate=validate.Length(max=MAX_QUERY_LENGTH),
        metadata={"description": "The list's query string: its filters and search (a cursor is dropped)."},
    )
    shared = fields.Boolean(load_default=False, metadata={"description": "Listed for the whole team."})

    @validates("query")
    def _a_view_of_the_list(self, query: str, **_: Any) -> None:
        normalized(query)


class InboxView(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    query = fields.String(required=True, metadata={"description": "The list's query string."})
    shared = fields.Boolean(required=True)
    owner = fields.Nested(InboxPerson, required=True)
    removable = fields.Boolean(required=True, metadata={"description": "Whether the reader may remove it."})


class InboxViews(Schema):
    views = fields.List(
        fields.Nested(InboxView),
        required=True,
        metadata={"description": "The reader's own, then the shared, by name."},
    )


def _removable(view: SavedView, reader: StaffUser) -> bool:
    return view.owner_id == reader.id or (view.shared and reader.may("admin"))


def _item(view: SavedView, owner: StaffUser) -> dict[str, Any]:
    return {
        "id": view.id,
        "name": view.name,
        "query": view.query,
        "shared": view.shared,
        "owner": {"id": owner.id, "name": owner.name},
        "removable": _removable(view, g.staff),
    }


@bp.get("/views")
@staff()
@bp.response(200, InboxViews, description="The reader's own views, then those shared by others.")
def list_views():
    """The views of the list the reader may open."""
    rows = db.session.execute(
        select(SavedView, StaffUser)
        .join(StaffUser, StaffUser.id == SavedView.owner_id)
        .where(or_(SavedView.owner_id == g.staff.id, SavedView.shared.is_(True)))
        .order_by(SavedView.owner_id != g.staff.id, SavedView.name, SavedView.id)
    ).all()
    return {"views": [_item(view, owner) for view, owner in rows]}


@bp.post("/views")
@staff()
@bp.arguments(ViewChange)
@bp.response(201, InboxView, description="Saved.")
@bp.refuses(409, "The reader has a view of the name.")
def save_view(change: dict[str, Any]):
    """Save the list's filters and search as a view, for oneself or the team."""
    view = SavedView(
        owner_id=g.staff.id,
        name=change["name"],
        query=normalized(change["query"]),
        shared=change["shared"],
        created_at=datetime.now(UTC),
    )
    db.session.add(view)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        abort(409, description="You have a view of this name: choose another.")
    audit.record("view_saved", g.staff.id, view_id=view.id, shared=view.shared)
    db.session.commit()
    return _item(view, g.staff)


@bp.post("/views/<int:view_id>/remove")
@staff()
@bp.response(204, description="Removed.")
@bp.refuses(404, "No such view the reader may remove.")
def remove_view(view_id: int):
    """Remove one of one's views, or, as an admin, a shared one."""
    view = db.session.get(SavedView, view_id) if view_id <= MAX_ID else None
    if view is None or not _removable(view, g.staff):
        abort(404, description="There is no such view of yours: someone may have removed it.")
    db.session.delete(view)
    audit.record("view_removed", g.staff.id, view_id=view_id)
    db.session.commit()
    return "", 204
