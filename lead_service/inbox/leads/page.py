"""The inbox's reads of the leads: a page of the list, newest first under a keyset cursor, with its
filters and search; every lead under them, for the download; a lead with its notification.

A page is the first size + 1 leads under the filters and after the cursor, read newest first from
the list's (spam, created_at, id) index: one short index scan however many leads there are. A
search finds its page's ids as its database best can (postgresql_search, sqlite_search), also
newest first: a term most leads have costs about a page's worth of leads, a rare one the few leads
that have it."""

import dataclasses
import functools
from collections.abc import Collection, Iterator
from typing import Any

import sqlalchemy as sa
from sqlalchemy import select

from ...extensions import db
from ...models.leads import Lead, OutboxMessage, as_utc
from ...models.people import addresses_sql
from ...models.staff import StaffUser
from . import postgresql_search, sqlite_search
from .filters import (
    COUNT_CAP,
    LEADS,
    MAX_ID,
    PAGE_SIZE,
    Cursor,
    Filters,
    Shape,
    conditions,
    newest,
    params,
    shape,
)
from .highlight import highlight

# The long texts a search shows an excerpt of, not the whole.
EXCERPTED = ("message", "project")


def statement_shape(filters: Filters, cursor: Cursor | None = None, size: int = PAGE_SIZE) -> Shape:
    """The shape of the statements for these filters, the searches' tuning as it stands."""
    return shape(filters, cursor, size, (postgresql_search.RECENT, COUNT_CAP))


def statement_params(shape_: Shape, filters: Filters, cursor: Cursor | None = None) -> dict[str, Any]:
    """The values of the statements of this shape, by the names they bind them under."""
    values = params(filters, cursor)
    if filters.terms and shape_.dialect == "postgresql":
        values.update(postgresql_search.params(filters))
    elif filters.terms:
        values.update(sqlite_search.params(filters, cursor))
    return values


def _notified(lead_id: sa.ColumnElement[int]) -> sa.ColumnElement[bool]:
    """Whether the lead's notification went out by e-mail: asked in the page's own statement, of
    its rows alone (the outbox's lead_id index), not in a second round trip."""
    outbox = OutboxMessage.__table__.c
    return sa.exists().where(
        outbox.lead_id == lead_id, outbox.purpose == "new_lead", outbox.email_sent_at.is_not(None)
    )


@functools.lru_cache(maxsize=256)
def _page_statement(shape_: Shape, listed: bool) -> sa.Select:
    """The leads of the page; `listed`: with what the list shows of each beside its columns."""
    found = select(LEADS).where(*conditions(shape_))
    if shape_.terms:
        search = postgresql_search if shape_.dialect == "postgresql" else sqlite_search
        ids = search.page_ids(shape_)
        found = found.join_from(LEADS, ids, LEADS.c.id == ids.c.id)
    found = found.order_by(*newest()).limit(shape_.size + 1)
    if not listed:
        return found
    # The page first, then what is asked of each of its leads: asked of the whole table, PostgreSQL
    # would rather hash every notification than look up the page's few.
    leads = found.subquery("page")
    owner = select(StaffUser.name).where(StaffUser.id == leads.c.owner_id).scalar_subquery()
    asked = [_notified(leads.c.id).label("notified"), owner.label("owner_name")]
    if shape_.people:
        theirs, addresses = LEADS.alias("theirs"), addresses_sql(leads.c.email_folded)
        person = select(sa.func.count()).select_from(
            addresses.join(theirs, theirs.c.email_folded == addresses.c.address)
        )
        asked.append(person.scalar_subquery().label("person_leads"))
    return select(leads, *asked).order_by(*newest(leads))


def _rows(filters: Filters, cursor: Cursor | None, size: int, listed: bool = True) -> list[sa.Row]:
    shape_ = statement_shape(filters, cursor, size)
    if filters.terms and shape_.dialect == "postgresql":
        postgresql_search.plan_each_search()
    statement = _page_statement(shape_, listed)
    return db.session.execute(statement, statement_params(shape_, filters, cursor)).all()


def _listed(row: sa.Row) -> dict[str, Any]:
    """What the list shows of a lead."""
    return {
        "id": row.id,
        "received": as_utc(row.created_at),
        "form": row.form,
        "name": row.name,
        "company": row.company,
        "email": row.email,
        "page": row.page,
        "spam": bool(row.spam),
        "notified": bool(row.notified),
        "status": row.status,
        "owner": {"id": row.owner_id, "name": row.owner_name} if row.owner_id is not None else None,
        "version": row.version,
    }


def by_ids(ids: Collection[int]) -> dict[int, dict[str, Any]]:
    """The leads of `ids` still stored, by id, each as the list shows it."""
    found = select(LEADS).where(LEADS.c.id.in_(ids)).subquery("found")
    owner = select(StaffUser.name).where(StaffUser.id == found.c.owner_id).scalar_subquery()
    statement = select(found, _notified(found.c.id).label("notified"), owner.label("owner_name"))
    return {row.id: _listed(row) for row in db.session.execute(statement)}


def page(filters: Filters, cursor: Cursor | None = None, size: int = PAGE_SIZE) -> dict[str, Any]:
    """A page of leads, newest first, and the cursor of the next (None after the last)."""
    rows = _rows(filters, cursor, size)
    shown = rows[:size]
    leads = []
    for row in shown:
        lead = _listed(row)
        if filters.people:
            lead["person_leads"] = row.person_leads
        if filters.terms:
            searched = {
                field: getattr(row, field) for field in ("name", "company", "email", "phone", *EXCERPTED)
            }
            lead["highlight"] = highlight(searched, filters.terms, excerpt=EXCERPTED)
        leads.append(lead)
    last = shown[-1] if shown else None
    more = len(rows) > size and last is not None
    return {"leads": leads, "next": Cursor(as_utc(last.created_at), last.id).encode() if more else None}


def walk(filters: Filters, size: int = 500) -> Iterator[list[sa.Row]]:
    """Every lead under the filters, in the list's order (each of them, however the list groups
    them): a batch of `size` at a time, each lead with its columns alone, read as the list's pages
    are. Each batch ends its transaction."""
    filters = dataclasses.replace(filters, people=False)
    cursor = None
    while True:
        rows = _rows(filters, cursor, size, listed=False)
        db.session.rollback()
        shown = rows[:size]
        if shown:
            yield shown
        if len(rows) <= size:
            return
        cursor = Cursor(as_utc(shown[-1].created_at), shown[-1].id)


def lead(lead_id: int) -> Lead | None:
    if not 0 <= lead_id <= MAX_ID:  # an id the column cannot hold names no lead
        return None
    return db.session.get(Lead, lead_id)


def notification(lead_id: int, lock: bool = False) -> OutboxMessage | None:
    """The lead's notification (the latest, were there ever more than one); locked until the
    transaction ends, when `lock`, on PostgreSQL."""
    statement = (
        select(OutboxMessage)
        .where(OutboxMessage.lead_id == lead_id, OutboxMessage.purpose == "new_lead")
        .order_by(OutboxMessage.id.desc())
        .limit(1)
    )
    if lock:
        statement = statement.with_for_update()
    return db.session.scalars(statement).first()
