"""A lead found by its id, for every view on one lead, or the request's 404."""

from flask import abort

from ...models.leads import Lead
from . import page


def lead_or_404(lead_id: int) -> Lead:
    found = page.lead(lead_id)
    if found is None:
        abort(404, description="There is no such lead: it may have been erased.")
    return found
