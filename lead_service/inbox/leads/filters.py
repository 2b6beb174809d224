"""What the inbox's list is asked for: the filters and the keyset cursor of a page, and the
conditions they put on the leads, which the page, the searches and the counts share.

The list is newest first, in (created_at, id) order, both descending: a total order, however many
leads share a time. Its statements are built once per shape (Shape: which filters are given, the
search terms' make-up, the page's size) with the values as named bound parameters: a search's
statement is large, and SQLAlchemy took longer to build it anew for each request, and to work out
its cache key, than PostgreSQL took to run it."""

import base64
import binascii
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from marshmallow import validate

from ... import content
from ...extensions import db
from ...models.leads import Lead, as_utc
from ...models.people import addresses_sql
from ...schemas import FORMS
from .highlight import MIN_PART, Term

PAGE_SIZE = content.load("inbox")["limits"]["pageSize"]
NOBODY = 0  # the owner filter's value for leads nobody owns (ids start at 1)
MAX_ID = 2**31 - 1  # the leads' integer ids
# Every form a lead can come from, as the list's tabs show them.
FORM_NAMES = tuple(FORMS["forms"])
# A search counts the matches of each form up to one more than this: the page shows "100+". Past
# that, a count says only to narrow the search, and a broad term's counts would cost more than
# its page (ten times more, at a cap of 1,000).
COUNT_CAP = 100
# Without a search, each form's count stops one past this (the page shows "10,000+"): at a million
# leads counting all of them took longer than the page (150 ms, against 16).
LIST_COUNT_CAP = 10_000
SPAM_CHOICES = ("only", "include")  # hidden when not given
LEADS = Lead.__table__


def an_id(error: str) -> validate.Range:
    """A field's check that it names a row by an id the integer columns can hold, or says `error`."""
    return validate.Range(min=0, max=MAX_ID, error=error)


@dataclass(frozen=True)
class Filters:
    form: str | None = None
    since: date | None = None  # first UTC day
    until: date | None = None  # last UTC day
    spam: str | None = None  # None (hidden), "only" or "include"
    status: str | None = None
    owner: int | None = None  # a staff user's id, or NOBODY
    # Hours: only leads still new this long after they came.
    new_for: int | None = None
    # None: no search. Empty: a search with nothing to look for (punctuation alone), which finds
    # nothing.
    terms: tuple[Term, ...] | None = None
    # One row per person: of the leads listed, each person's newest alone (never with a search).
    people: bool = False


@dataclass(frozen=True)
class Cursor:
    """The last lead of a page: the next page starts after it."""

    created_at: datetime
    id: int

    def encode(self) -> str:
        raw = json.dumps([as_utc(self.created_at).isoformat(), self.id], separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, token: str) -> "Cursor":
        """Raises ValueError for anything this module did not write."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            created_at, lead_id = json.loads(raw)
            moment = datetime.fromisoformat(created_at)
            if moment.tzinfo is None or type(lead_id) is not int:
                raise ValueError("not a cursor")
            if not 0 <= lead_id <= MAX_ID:
                raise ValueError("not an id")
            return cls(moment.astimezone(UTC), lead_id)
        except (binascii.Error, UnicodeDecodeError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError("not a cursor") from exc


@dataclass(frozen=True)
class TermShape:
    words: bool  # the term has words (letters and digits)
    split: bool  # PostgreSQL: some, not all, of its words are indexed()
    parts: int  # how many parts of an e-mail or phone it may be (0, 1 or 2)


@dataclass(frozen=True)
class Shape:
    dialect: str
    spam: str | None
    form: bool
    since: bool
    until: bool
    status: bool
    owner: str | None  # None, "nobody" or "someone"
    new_for: bool
    people: bool
    cursor: bool
    size: int
    # None: no search; empty: a search with nothing to look for.
    terms: tuple[TermShape, ...] | None
    # The searches' tuning as it stood (the tests change it).
    tuning: tuple[int, ...]


def dialect() -> str:
    return db.session.get_bind().dialect.name


def indexed(words: tuple[str, ...]) -> tuple[str, ...]:
    """PostgreSQL: the words the GIN index is asked for (see postgresql_search): those of MIN_PART
    characters or more, or with a digit (all of them, when none is)."""
    return tuple(word for word in words if len(word) >= MIN_PART or not word.isalpha()) or words


def shape(filters: Filters, cursor: Cursor | None, size: int, tuning: tuple[int, ...]) -> Shape:
    terms = None
    if filters.terms is not None:
        terms = tuple(
            TermShape(bool(term.words), indexed(term.words) != term.words, len(term.parts))
            for term in filters.terms
        )
    return Shape(
        dialect(),
        filters.spam,
        filters.form is not None,
        filters.since is not None,
        filters.until is not None,
        filters.status is not None,
        None if filters.owner is None else "nobody" if filters.owner == NOBODY else "someone",
        filters.new_for is not None,
        filters.people,
        cursor is not None,
        size,
        terms,
        tuning,
    )


def bound(name: str, type_: Any = sa.Text) -> sa.BindParameter[Any]:
    return sa.bindparam(name, type_=type_)


def day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, UTC)


def params(filters: Filters, cursor: Cursor | None) -> dict[str, Any]:
    """The values of the filters and cursor, by the names conditions() binds them under."""
    values: dict[str, Any] = {"form": filters.form, "status": filters.status, "owner": filters.owner}
    if filters.new_for is not None:
        values["new_before"] = datetime.now(UTC) - timedelta(hours=filters.new_for)
    if filters.since:
        values["since"] = day_start(filters.since)
    if filters.until:
        values["until"] = day_start(filters.until + timedelta(days=1))
    if cursor is not None:
        values.update(cursor_at=cursor.created_at, cursor_id=cursor.id)
    return values


def conditions(shape: Shape, with_form: bool = True) -> list[sa.ColumnElement[bool]]:
    """What a lead must be to be listed (of the form, when `with_form`; after the cursor; its
    person's newest listed lead, one row per person), but for the search's terms, which each
    database looks for its own way."""
    c = LEADS.c
    found = _filtered(shape, c, with_form)
    if shape.people:
        # The person's newest listed lead has no listed lead of theirs after it, at any of their
        # addresses: for each lead the page reads, the person's few addresses, then each one's
        # leads by the address's index. Joined from the addresses: as `email_folded IN (...)`,
        # PostgreSQL would check every newer listed lead instead.
        newer, theirs = LEADS.alias("newer"), addresses_sql(c.email_folded)
        found.append(
            ~sa.exists()
            .select_from(theirs.join(newer, newer.c.email_folded == theirs.c.address))
            .where(
                sa.tuple_(newer.c.created_at, newer.c.id) > sa.tuple_(c.created_at, c.id),
                *_filtered(shape, newer.c, with_form),
            )
        )
    if shape.cursor:
        at, lead_id = bound("cursor_at", c.created_at.type), bound("cursor_id", sa.Integer)
        found.append(sa.tuple_(c.created_at, c.id) < sa.tuple_(at, lead_id))
    if shape.terms == ():
        found.append(sa.false())
    return found


def _filtered(shape: Shape, c: Any, with_form: bool) -> list[sa.ColumnElement[bool]]:
    """The filters' conditions on the columns `c`, of the leads or of an alias of them."""
    found: list[sa.ColumnElement[bool]] = []
    if shape.spam is None:
        found.append(c.spam == sa.false())
    elif shape.spam == "only":
        found.append(c.spam == sa.true())
    if with_form and shape.form:
        found.append(c.form == bound("form"))
    if shape.since:
        found.append(c.created_at >= bound("since", c.created_at.type))
    if shape.until:
        found.append(c.created_at < bound("until", c.created_at.type))
    if shape.status:
        found.append(c.status == bound("status"))
    if shape.owner == "nobody":
        found.append(c.owner_id.is_(None))
    elif shape.owner == "someone":
        found.append(c.owner_id == bound("owner", sa.Integer))
    if shape.new_for:
        found.append(c.status == "new")
        found.append(c.created_at < bound("new_before", c.created_at.type))
    return found


def newest(table: Any = LEADS) -> tuple[sa.ColumnElement[Any], ...]:
    """The list's order, of the leads or of a subquery of them."""
    return table.c.created_at.desc(), table.c.id.desc()
