"""How many leads each form has under the list's filters, whatever the form filter says, for the
list's tabs. Without a search, each form's count is its own short scan of the (form, spam,
created_at, id) index: on PostgreSQL, half the time of one scan of every lead grouped by form. With
a search, counted up to COUNT_CAP + 1 only (the page shows "100+"), by the search's database as it
reads a page: a broad term's tens of thousands of matches would take longer to count than to list."""

import dataclasses
import functools

import sqlalchemy as sa
from sqlalchemy import func, select

from ...extensions import db
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
    return select(
        *(select(func.count()).where(LEADS.c.form == form, *each).scalar_subquery() for form in FORM_NAMES)
    )


def counts(filters: Filters) -> dict[str, int]:
    """The leads of each form: of every lead, one row per person or not."""
    filters = dataclasses.replace(filters, people=False)
    shape = statement_shape(filters)
    if filters.terms and shape.dialect == "postgresql":
        postgresql_search.plan_each_search()
    found = db.session.execute(_statement(shape), statement_params(shape, filters)).one()
    return dict(zip(FORM_NAMES, found, strict=True))
