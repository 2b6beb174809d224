"""New leads since the list was loaded: how many have come in after the newest it showed, asked now
and then by the list's page (a count off the primary key, up to COUNT_CAP + 1), so that nobody
reloads to find out. It shows no lead, so it is not on the audit trail."""

from marshmallow import EXCLUDE, Schema, fields, validate
from sqlalchemy import func, select

from ...extensions import db
from ...intake import contract
from ...models.leads import Lead
from ..auth.guard import staff
from .filters import COUNT_CAP, MAX_ID

bp = contract.Blueprint("inbox_arrivals", __name__, url_prefix="/api/inbox")


class ArrivalsQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    after = fields.Integer(
        required=True,
        strict=False,
        validate=validate.Range(min=0, max=MAX_ID, error="Not one of this inbox's leads."),
        metadata={"description": "The id of the newest lead the page showed (0: none)."},
    )


class InboxArrivals(Schema):
    count = fields.Integer(
        required=True, metadata={"description": f"Leads (spam left out) after it, up to {COUNT_CAP + 1}."}
    )


@bp.get("/leads/arrivals")
@staff()
@bp.arguments(ArrivalsQuery, location="query")
@bp.response(200, InboxArrivals, description='The count, spam left out; the page shows "100+" past 100.')
# A query's only 400 is its fields' errors: no body to be refused.
@bp.alt_response(400, schema=contract.ValidationErrors, description="Not a lead's id.")
def arrivals(query: dict[str, int]):
    """How many leads came in after a given one."""
    after = query["after"]
    newer = select(Lead.id).where(Lead.id > after, Lead.spam.is_(False)).limit(COUNT_CAP + 1).subquery()
    count = db.session.scalar(select(func.count()).select_from(newer))
    return {"count": count}
