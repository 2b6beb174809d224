"""The list's view as a CSV download, for sales and admins: the leads under its filters and search,
in its order, through the same writer as `lead-service leads export`. Streamed a batch at a time,
so that a hundred thousand leads neither wait for the last row nor sit in memory together; on the
audit trail with the view and the rows sent."""

from collections.abc import Iterator
from datetime import UTC, datetime

from flask import Response, g, request, stream_with_context

from ... import audit, export
from ...extensions import db
from ...intake import contract
from ..auth.guard import staff
from ..leads import page
from ..leads.list_query import FILTER_NAMES, LeadsQuery, ListView

bp = contract.Blueprint("inbox_export", __name__, url_prefix="/api/inbox")

BATCH = 500  # leads read per statement


@bp.get("/leads/export")
@staff("sales")
@bp.arguments(LeadsQuery, location="query")
@bp.response(
    200,
    {"type": "string"},
    content_type="text/csv",
    description="Every lead of the view, newest first, as CSV (UTF-8 with a byte order mark, for"
    " spreadsheets), with the columns of `lead-service leads export`; a cell that a spreadsheet would run"
    " as a formula starts with an apostrophe.",
)
@bp.alt_response(400, schema=contract.ValidationErrors, description="An invalid filter.")
def export_leads(listed: ListView):
    """Download the list's view (its filters and search) as CSV."""
    filters, text = listed.filters, listed.text
    view = {name: request.args[name] for name in FILTER_NAMES if request.args.get(name)}
    if text:
        view["query_length"] = len(text)
    actor = g.staff.id
    # Recorded, and committed, before the first byte leaves: a download that the service dies in
    # the middle of is on the trail too.
    audit.record("export", actor, **view)
    db.session.commit()

    def body() -> Iterator[str]:
        sent, complete = 0, False
        try:
            yield "\ufeff"

            def rows():
                nonlocal sent
                for batch in page.walk(filters, BATCH):
                    sent += len(batch)
                    yield from map(export.record, batch)

            yield from export.csv_chunks(rows())
            complete = True
        finally:
            # At the end, what was sent: a download cut short says so.
            audit.record("export_finished", actor, rows=sent, complete=complete)
            db.session.commit()

    filename = f"leads-{datetime.now(UTC):%Y-%m-%d}.csv"
    return Response(
        stream_with_context(body()),
        mimetype="text/csv",
        # Passed on as it comes: a proxy that buffered it would hold every lead in its memory and
        # its temporary files.
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "X-Accel-Buffering": "no"},
    )
