"""How many leads each form has under the list's filters, whatever the form filter says, for the
list's tabs. Without a search, each form's count is its own short scan of the (form, spam,
created_at, id) index, up to LIST_COUNT_CAP + 1 (the page shows "10,000+"): on PostgreSQL, half the
time of one scan of every lead grouped by form, and bounded however many leads there are. With a
search, counted up to COUNT_CAP + 1 only (the page shows "100+"), by the search's database as it
reads a page: a broad term's tens of thousands of matches would take longer to count than to list."""

import dataclasses
import functools

import sqlalchemy as sa
from sqlalchemy import bindparam, func, literal_column, select

from ...extensions import db
from . import filters as limits
from . import postgresql_search, sqlite_search
from .filters import FORM_NAMES, LEADS, Filters, Shape, conditions
from .page import statement_params, statement_shape


@functools.lru_cache(maxsize=256)
def _statement(shape: Shape) -> sa.Select:
    """The counts, one row in FORM_NAMES' order."""
    if shape.terms and shape.dialect == "postgresql":
        return postgresql_search.counts_select(shape)
    if shape.terms:
        return sqlite_search.counts_select(shape)
    each = conditions(shape, with_form=False)
    cap = bindparam("count_cap")
    capped = [
        select(literal_column("1")).where(LEADS.c.form == form, *each).limit(cap).subquery()
        for form in FORM_NAMES
    ]
    return select(*(select(func.count()).select_from(some).scalar_subquery() for some in capped))


def counts(filters: Filters) -> dict[str, int]:
    """The leads of each form: of every lead, one row per person or not."""
    filters = dataclasses.replace(filters, people=False)
    shape = statement_shape(filters)
    if filters.terms and shape.dialect == "postgresql":
        postgresql_search.plan_each_search()
    values = statement_params(shape, filters)
    if not filters.terms:
        values["count_cap"] = limits.LIST_COUNT_CAP + 1
    found = db.session.execute(_statement(shape), values).one()
    return dict(zip(FORM_NAMES, found, strict=True))
