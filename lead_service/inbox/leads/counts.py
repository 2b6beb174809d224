"""How many leads each form has under the list's filters, whatever the form filter says, for the
list's tabs. With a search, counted up to COUNT_CAP + 1 only (the page shows "100+"), by the
search's database as it reads a page: a broad term's tens of thousands of matches would take longer
to count than to list."""

import functools

import sqlalchemy as sa
from sqlalchemy import func, select

from ...extensions import db
from . import postgresql_search, sqlite_search
from .filters import FORM_NAMES, LEADS, Filters, Shape, conditions
from .page import statement_params, statement_shape


@functools.lru_cache(maxsize=256)
def _statement(shape: Shape) -> sa.Select:
    """The counts, in FORM_NAMES' order with a search, by form without."""
    if shape.terms and shape.dialect == "postgresql":
        return postgresql_search.counts_select(shape)
    if shape.terms:
        return sqlite_search.counts_select(shape)
    return (
        select(LEADS.c.form, func.count()).where(*conditions(shape, with_form=False)).group_by(LEADS.c.form)
    )


def counts(filters: Filters) -> dict[str, int]:
    shape = statement_shape(filters)
    statement, values = _statement(shape), statement_params(shape, filters)
    if filters.terms:
        if shape.dialect == "postgresql":
            postgresql_search.plan_each_search()
        return dict(zip(FORM_NAMES, db.session.execute(statement, values).one(), strict=True))
    found = dict.fromkeys(FORM_NAMES, 0)
    found.update(db.session.execute(statement, values).all())
    return found
