"""The inbox's reads of the leads: a page of the list across both lead tables, newest first under a
keyset cursor, with its filters and search; the counts per form; a lead with its notification.

Each lead table is read on its own, newest first from its (spam, created_at, id) index, at most a
page and one more under the cursor, and the two are merged (UNION ALL under an outer ORDER BY and
LIMIT): a page costs two short index scans however many leads there are. The order is
(created_at, kind, id), all descending: a total order, however many leads share a time.

A search reads each lead table newest first too, as its database best can (see PostgreSQL's and
SQLite's search below): a term most leads have costs about a page's worth of leads, a rare one the
few leads that have it. Its counts stop at COUNT_CAP + 1 per form the same way."""

import base64
import binascii
import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, literal_column, select, union, union_all

from ...extensions import db
from ...models.leads import LEAD_MODELS, OutboxMessage, as_utc, sqlite_search_tables
from ...models.staff import StaffUser
from ...schemas import CONTACT_FORMS, FORMS
from .highlight import MIN_PART, Term, highlight

PAGE_SIZE = 50
NOBODY = 0  # the owner filter's value for leads nobody owns (ids start at 1)
MAX_ID = 2**31 - 1  # the lead tables' integer ids
# Every form a lead can come from, as the list's tabs show them.
FORM_NAMES = tuple(FORMS["forms"])
# A search counts the matches of each form up to one more than this: the page shows "100+". Past
# that, a count says only to narrow the search, and a broad term's counts would cost more than
# its page (ten times more, at a cap of 1,000).
COUNT_CAP = 100
SPAM_CHOICES = ("only", "include")  # hidden when not given
# The long text each kind of lead is searched in: a contact form's message, a quote's project.
TEXT_FIELD = {"contact": "message", "quote": "project"}


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


@dataclass(frozen=True)
class Cursor:
    """The last lead of a page: the next page starts after it."""

    created_at: datetime
    kind: str
    id: int

    def encode(self) -> str:
        raw = json.dumps([as_utc(self.created_at).isoformat(), self.kind, self.id], separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, token: str) -> "Cursor":
        """Raises ValueError for anything this module did not write."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            created_at, kind, lead_id = json.loads(raw)
            moment = datetime.fromisoformat(created_at)
            if moment.tzinfo is None or kind not in LEAD_MODELS or type(lead_id) is not int:
                raise ValueError("not a cursor")
            if not 0 <= lead_id <= MAX_ID:
                raise ValueError("not an id")
            return cls(moment.astimezone(UTC), kind, lead_id)
        except (binascii.Error, UnicodeDecodeError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError("not a cursor") from exc


# Statements, built once per shape -------------------------------------------------------------------
#
# A search's statement is large: SQLAlchemy took longer to build it anew for each request, and to
# work out its cache key, than PostgreSQL took to run it. So every statement is built once per
# shape (the database, the lead tables read, which filters are given, each term's make-up, the
# page's size) with its values as named bound parameters, given at each run (_params).


@dataclass(frozen=True)
class _TermShape:
    words: bool  # the term has words (letters and digits)
    split: bool  # PostgreSQL: some, not all, of its words are of MIN_PART characters or more
    parts: int  # how many parts of an e-mail or phone it may be (0, 1 or 2)


@dataclass(frozen=True)
class _Shape:
    dialect: str
    kinds: tuple[str, ...]
    spam: str | None
    form: bool
    since: bool
    until: bool
    status: bool
    owner: str | None  # None, "nobody" or "someone"
    new_for: bool
    cursor_kind: str | None  # the kind of the cursor's lead, when there is a cursor
    size: int
    # None: no search; empty: a search with nothing to look for.
    terms: tuple[_TermShape, ...] | None
    # The search's tuning as it stood (the tests change it).
    tuning: tuple[int, ...]


def _dialect() -> str:
    return db.session.get_bind().dialect.name


def _indexed(words: tuple[str, ...]) -> tuple[str, ...]:
    """PostgreSQL: the words the GIN index is asked for (see _postgresql_words)."""
    return tuple(word for word in words if len(word) >= MIN_PART) or words


def _term_shape(term: Term) -> _TermShape:
    return _TermShape(bool(term.words), _indexed(term.words) != term.words, len(term.parts))


def _shape(filters: Filters, cursor: Cursor | None = None, size: int = PAGE_SIZE) -> _Shape:
    terms = None if filters.terms is None else tuple(_term_shape(term) for term in filters.terms)
    return _Shape(
        _dialect(),
        tuple(_kinds(filters.form)),
        filters.spam,
        filters.form is not None,
        filters.since is not None,
        filters.until is not None,
        filters.status is not None,
        None if filters.owner is None else "nobody" if filters.owner == NOBODY else "someone",
        filters.new_for is not None,
        cursor.kind if cursor else None,
        size,
        terms,
        (PROBE, COMMON, RECENT, COUNT_CAP),
    )


def _bound(name: str, type_: Any = sa.Text) -> sa.BindParameter[Any]:
    return sa.bindparam(name, type_=type_)


def _params(shape: _Shape, filters: Filters, cursor: Cursor | None = None) -> dict[str, Any]:
    """The values of the statement of this shape, by the names it binds them under."""
    params: dict[str, Any] = {"form": filters.form, "status": filters.status, "owner": filters.owner}
    if filters.new_for is not None:
        params["new_before"] = datetime.now(UTC) - timedelta(hours=filters.new_for)
    if filters.since:
        params["since"] = _day_start(filters.since)
    if filters.until:
        params["until"] = _day_start(filters.until + timedelta(days=1))
    if cursor is not None:
        params.update(cursor_at=cursor.created_at, cursor_id=cursor.id)
    for number, term in enumerate(filters.terms or ()):
        if shape.dialect == "postgresql":
            params[f"t{number}_every"] = _tsquery_text(term.words)
            params[f"t{number}_indexed"] = _tsquery_text(_indexed(term.words))
            for index, part in enumerate(term.parts):
                params[f"t{number}_part{index}"] = _like_pattern(part)
        else:
            params[f"t{number}_words"] = _fts_words(term.words)
            params[f"t{number}_parts"] = _fts_parts(term.parts)
    if shape.dialect == "sqlite" and filters.terms:
        params["key_low"], params["key_high"] = _key_range(filters, cursor)
    return params


# Conditions -----------------------------------------------------------------------------------------


def _table(kind: str) -> sa.Table:
    return LEAD_MODELS[kind].__table__


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, UTC)


def _conditions(
    kind: str, table: sa.Table, shape: _Shape, with_form: bool = True
) -> list[sa.ColumnElement[bool]]:
    """What a lead of this kind must be to be listed (the form, when `with_form`), but for the
    search's terms, which each database looks for its own way (below)."""
    conditions: list[sa.ColumnElement[bool]] = []
    if shape.spam is None:
        conditions.append(table.c.spam == sa.false())
    elif shape.spam == "only":
        conditions.append(table.c.spam == sa.true())
    if with_form and shape.form and kind == "contact":
        conditions.append(table.c.form == _bound("form"))
    if shape.since:
        conditions.append(table.c.created_at >= _bound("since", table.c.created_at.type))
    if shape.until:
        conditions.append(table.c.created_at < _bound("until", table.c.created_at.type))
    if shape.status:
        conditions.append(table.c.status == _bound("status"))
    if shape.owner == "nobody":
        conditions.append(table.c.owner_id.is_(None))
    elif shape.owner == "someone":
        conditions.append(table.c.owner_id == _bound("owner", sa.Integer))
    if shape.new_for:
        conditions.append(table.c.status == "new")
        conditions.append(table.c.created_at < _bound("new_before", table.c.created_at.type))
    if shape.terms == ():
        conditions.append(sa.false())
    return conditions


def _kinds(form: str | None) -> list[str]:
    """The lead tables a form filter reads."""
    if form is None:
        return list(LEAD_MODELS)
    return ["contact"] if form in CONTACT_FORMS else ["quote"]


def _after(kind: str, table: sa.Table, cursor_kind: str) -> sa.ColumnElement[bool]:
    """This table's leads that come after the cursor in (created_at, kind, id) descending order."""
    at = _bound("cursor_at", table.c.created_at.type)
    if kind == cursor_kind:
        return sa.tuple_(table.c.created_at, table.c.id) < sa.tuple_(at, _bound("cursor_id", table.c.id.type))
    if kind < cursor_kind:  # at the cursor's very time, this kind comes after the cursor's
        return table.c.created_at <= at
    return table.c.created_at < at


def _newest(table: sa.Table) -> tuple[sa.ColumnElement[Any], ...]:
    return table.c.created_at.desc(), table.c.id.desc()


def form_column(kind: str, table: sa.Table) -> sa.ColumnElement[Any]:
    """A lead's form, under one name for both kinds: a quote request's is "quote"."""
    return (table.c.form if kind == "contact" else literal_column("'quote'", sa.Text)).label("form")


def _columns(kind: str, table: sa.Table) -> list[sa.ColumnElement[Any]]:
    """The list's columns of a lead of this kind, under the same names for both kinds."""
    contact = kind == "contact"
    return [
        literal_column(f"'{kind}'", sa.Text).label("kind"),
        table.c.id.label("id"),
        table.c.created_at.label("created_at"),
        form_column(kind, table),
        table.c.name.label("name"),
        (table.c.company if contact else sa.cast(sa.null(), sa.Text)).label("company"),
        table.c.email.label("email"),
        table.c.phone.label("phone"),
        table.c[TEXT_FIELD[kind]].label("text"),
        table.c.page.label("page"),
        table.c.spam.label("spam"),
        table.c.status.label("status"),
        table.c.owner_id.label("owner_id"),
        table.c.version.label("version"),
    ]


def plan_each_search() -> None:
    """On PostgreSQL, plans the rest of the transaction's queries for their very values. psycopg
    prepares a statement run five times, and PostgreSQL may then reuse a plan made for any value:
    one that walks every lead in time order, which suits a word most leads have but takes a
    hundred times longer for a rare one. A search's plan is worth the planning. Said once per
    transaction: the page and its counts share one."""
    session = db.session()
    transaction = session.get_transaction()
    if _dialect() != "postgresql" or (transaction and session.info.get("planning_each") is transaction):
        return
    session.execute(sa.text("SET LOCAL plan_cache_mode = force_custom_plan"))
    session.info["planning_each"] = session.get_transaction()


# PostgreSQL's search --------------------------------------------------------------------------------
#
# A search page first looks through the PROBE newest leads under the other filters, in time order
# from the list's index, keeping those that have the terms. A term at least COMMON of them have is
# common: the RECENT newest are walked the same way, and fill the page within a few hundred or
# thousand. A rarer term, or one the walk came short of, is looked up by the indexes (the
# tsvector's and the trigrams' GIN), every lead that has it, to be sorted: a few hundred or
# thousand. The planner is not left to choose between the two by its estimates, which for a part
# of an address can be a hundred times off either way: a walk of the whole list for a rare term
# (100 ms), or sorting tens of thousands of leads for a common one. (A term 2% of the leads have
# costs about as much to walk for, 2,500 leads, as to look up, 1,200 of 61,000, and sort.)

PROBE = 200
COMMON = 4
RECENT = 4000


def _like_pattern(part: str) -> str:
    return "%" + re.sub(r"([\\%_])", r"\\\1", part) + "%"


def _tsquery_text(words: Iterable[str]) -> str:
    return " & ".join(f"'{word}':*" for word in words)  # letters and digits only


def _tsquery(name: str) -> sa.ColumnElement[Any]:
    return func.to_tsquery(literal_column("'simple'::regconfig"), _bound(name))


def _postgresql_words(vector: sa.ColumnElement[Any], number: int, split: bool) -> sa.ColumnElement[bool]:
    """Every word of term `number` starts a word of the lead. The GIN index is asked for its words
    of MIN_PART characters or more only (all of them, when none is): one of 1 or 2 ("a" in "r.a")
    starts thousands of distinct words, whose every entry the index would read; when some were
    left out (`split`), the lead's tsvector is then matched against them all, by the function
    under @@, which the planner does not take to an index."""
    every = _tsquery(f"t{number}_every")
    if not split:
        return vector.op("@@")(every)
    return sa.and_(vector.op("@@")(_tsquery(f"t{number}_indexed")), func.ts_match_vq(vector, every))


def _postgresql_terms(
    vector: sa.ColumnElement[Any], parts: sa.ColumnElement[Any], shape: _Shape
) -> list[sa.ColumnElement[bool]]:
    """A lead has every term (see highlight's docstring for what that is), in the generated columns
    of migration 0008."""
    conditions = []
    for number, term in enumerate(shape.terms or ()):
        found = [_postgresql_words(vector, number, term.split)] if term.words else []
        found.extend(parts.like(_bound(f"t{number}_part{index}"), escape="\\") for index in range(term.parts))
        conditions.append(sa.or_(*found))
    return conditions


def _search_columns(table: sa.Table) -> tuple[sa.ColumnElement[Any], sa.ColumnElement[Any]]:
    return literal_column(f"{table.name}.search_vector"), literal_column(f"{table.name}.search_parts")


def _newest_with_terms(table: sa.Table, shape: _Shape, conditions: list, limit: int) -> sa.Select:
    """The ids and times of the leads with the terms among the `limit` newest under `conditions`,
    read newest first from the list's index."""
    vector, parts = _search_columns(table)
    recent = (
        select(table.c.id, table.c.created_at, vector.label("vector"), parts.label("parts"))
        .where(*conditions)
        .order_by(*_newest(table))
        .limit(limit)
        .subquery()
    )
    return (
        select(recent.c.id, recent.c.created_at)
        .where(*_postgresql_terms(recent.c.vector, recent.c.parts, shape))
        .order_by(recent.c.created_at.desc(), recent.c.id.desc())
    )


def _postgresql_search_page(kind: str, table: sa.Table, shape: _Shape, conditions: list) -> sa.Select:
    size = shape.size
    probed = _newest_with_terms(table, shape, conditions, PROBE).subquery()
    common = select(func.count()).select_from(probed).scalar_subquery() >= COMMON
    # One-time filters: the walk is made only for a common term, and the indexes are asked only
    # when it was not made or came short, and then alone.
    walked = (
        _newest_with_terms(table, shape, conditions, RECENT)
        .where(common)
        .limit(size + 1)
        .cte(f"walked_{kind}")
    )
    full = select(func.count()).select_from(walked).scalar_subquery() > size
    vector, parts = _search_columns(table)
    # MATERIALIZED: planned as a whole, for every lead that has the terms, not as the start of a
    # walk in time order that the LIMIT outside would have the planner hope to stop early.
    matches = (
        select(table.c.id, table.c.created_at)
        .where(*conditions, *_postgresql_terms(vector, parts, shape))
        .cte(f"matches_{kind}")
        .prefix_with("MATERIALIZED")
    )
    looked_up = (
        select(matches)
        .where(~full)
        .order_by(matches.c.created_at.desc(), matches.c.id.desc())
        .limit(size + 1)
        .subquery(f"looked_up_{kind}")
    )
    found = union_all(select(walked).where(full), select(looked_up)).subquery(f"found_{kind}")
    return (
        select(*_columns(kind, table))
        .join_from(table, found, table.c.id == found.c.id)
        .order_by(*_newest(table))
        .limit(size + 1)
    )


def _postgresql_counts(shape: _Shape) -> sa.Select:
    """One statement: per lead table, its leads that have the terms, read once for all its forms
    (a CTE read twice is read once), each form's count stopping at COUNT_CAP + 1. MATERIALIZED, as
    above: a common term's leads are then read in the table's order until every form has its
    COUNT_CAP + 1, a rare term's from the indexes."""
    capped = []
    for kind in LEAD_MODELS:
        table = _table(kind)
        vector, parts = _search_columns(table)
        matches = (
            select(table.c.form.label("form") if kind == "contact" else literal_column("1"))
            .select_from(table)
            .where(*_conditions(kind, table, shape, with_form=False))
            .where(*_postgresql_terms(vector, parts, shape))
            .cte(f"matches_{kind}")
            .prefix_with("MATERIALIZED")
        )
        for form in _forms(kind):
            some = select(literal_column("1")).select_from(matches)
            if kind == "contact":
                some = some.where(matches.c.form == form)
            capped.append(some.limit(COUNT_CAP + 1).subquery())
    return select(*(select(func.count()).select_from(some).scalar_subquery() for some in capped))


# SQLite's search ------------------------------------------------------------------------------------
#
# Two contentless FTS5 tables per lead table: the words, for the start of a word, and the e-mail
# address and phone digits, by trigrams, for a part of them (migration 0008). Their rowid is the
# lead's key: the minute of its time times KEY_SPAN, plus its id (migration 0009). FTS5 hands out a
# MATCH in rowid order, newest minute first when asked, and stops when no more is wanted. A search
# page reads the keys newest first from both tables at once (a UNION ordered by the key is merged
# as it is read), each joined to its lead for the other filters, until it has a page's worth; then
# every key from the minute of the last of them on, to put that minute's leads in their exact
# order. A common term costs a page's worth of leads, a rare one its few; the counts, read the same
# way, COUNT_CAP + 1 leads per form at most.

# The lead tables' ids are below this: the search tables' rowid is minute * KEY_SPAN + id.
KEY_SPAN = 2**31


def _fts_phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _fts_words(words: Iterable[str]) -> str:
    return " AND ".join(_fts_phrase(word) + "*" for word in words)


def _fts_parts(parts: Iterable[str]) -> str:
    return " OR ".join(_fts_phrase(part) for part in parts)


def _sqlite_matches(kind: str, number: int, term: _TermShape) -> list[tuple[str, str]]:
    """(FTS5 table, the name of its MATCH expression) for each way term `number` is found: the
    words' starts, or a part of the e-mail or phone."""
    words, parts = sqlite_search_tables(kind)
    matches = []
    if term.words:
        matches.append((words, f"t{number}_words"))
    if term.parts:
        matches.append((parts, f"t{number}_parts"))
    return matches


def _fts(table: str) -> tuple[sa.TableClause, Callable[[Any], sa.ColumnElement[bool]]]:
    return sa.table(table, sa.column("rowid")), literal_column(table).op("MATCH")


def _sqlite_keys(kind: str, number: int, term: _TermShape) -> sa.Select | sa.CompoundSelect:
    """The keys of the leads of this kind that have term `number`."""
    found = []
    for fts_table, expression in _sqlite_matches(kind, number, term):
        fts, match = _fts(fts_table)
        found.append(select(fts.c.rowid).where(match(_bound(expression))))
    return found[0] if len(found) == 1 else union(*found)


def _minute(moment: datetime) -> int:
    """The minute of a key, as migration 0009 reckons it (UTC, as the lead tables keep times)."""
    return max(int(as_utc(moment).timestamp()) // 60, 0)


def _key_range(filters: Filters, cursor: Cursor | None) -> tuple[int, int]:
    """The keys a lead under the dates and after the cursor may have: from (with) and to (without).
    The leads themselves are held to the dates and cursor: these only spare FTS5 the rest."""
    low = _minute(_day_start(filters.since)) * KEY_SPAN if filters.since else 0
    ends = []
    if filters.until:
        ends.append(_day_start(filters.until + timedelta(days=1)))
    if cursor is not None:
        ends.append(cursor.created_at)
    high = (min(_minute(end) for end in ends) + 1) * KEY_SPAN if ends else 2**63 - 1
    return low, high


def _sqlite_arms(
    kind: str, table: sa.Table, shape: _Shape, conditions: list, start: sa.ColumnElement[Any] | None = None
) -> list[sa.Select]:
    """The keys of the leads of this kind under `conditions` that have every term, from key
    `start` on: one SELECT per way the first term is found, each read in key order from its FTS5
    table and joined to the lead; the other terms by their keys."""
    first, *others = shape.terms or ()
    arms = []
    for fts_table, expression in _sqlite_matches(kind, 0, first):
        fts, match = _fts(fts_table)
        key = fts.c.rowid
        bounds = [key >= _bound("key_low", sa.Integer), key < _bound("key_high", sa.Integer)]
        bounds += [key >= start] if start is not None else []
        # The unary + keeps FTS5 from being handed the other terms' keys, to look each up.
        hidden = literal_column(f"+{fts_table}.rowid")
        arms.append(
            select(key.label("k"))
            .join_from(fts, table, table.c.id == key % KEY_SPAN)
            .where(match(_bound(expression)), *bounds, *conditions)
            .where(*(hidden.in_(_sqlite_keys(kind, number, term)) for number, term in enumerate(others, 1)))
        )
    return arms


def _newest_keys(arms: list[sa.Select], limit: int) -> sa.Select | sa.CompoundSelect:
    """The first `limit` keys of the arms, newest minute first, each once."""
    if len(arms) == 1:
        return arms[0].order_by(literal_column("k").desc()).limit(limit)
    return union(*arms).order_by(literal_column("k").desc()).limit(limit)


def _sqlite_search_page(kind: str, table: sa.Table, shape: _Shape, conditions: list) -> sa.Select:
    # A CTE, read once, though each arm below asks for its start.
    newest = _newest_keys(_sqlite_arms(kind, table, shape, conditions), shape.size + 1).cte(f"newest_{kind}")
    # The first key of the minute of the last of them (none when nothing has the terms).
    first = func.min(newest.c.k)
    arms = _sqlite_arms(kind, table, shape, conditions, select(first - first % KEY_SPAN).scalar_subquery())
    found = (arms[0] if len(arms) == 1 else union(*arms)).subquery()
    return (
        select(*_columns(kind, table))
        .select_from(found.join(table, table.c.id == found.c.k % KEY_SPAN))
        .order_by(*_newest(table))
        .limit(shape.size + 1)
    )


def _sqlite_counts(shape: _Shape) -> sa.Select:
    """One statement: each form's keys read as a page's are, stopping at COUNT_CAP + 1."""
    capped = []
    for form in FORM_NAMES:
        kind = "contact" if form in CONTACT_FORMS else "quote"
        table = _table(kind)
        conditions = _conditions(kind, table, shape, with_form=False)
        if kind == "contact":
            conditions.append(table.c.form == form)
        capped.append(_newest_keys(_sqlite_arms(kind, table, shape, conditions), COUNT_CAP + 1).subquery())
    return select(*(select(func.count()).select_from(some).scalar_subquery() for some in capped))


# The list -------------------------------------------------------------------------------------------


def _forms(kind: str) -> list[str]:
    """The forms whose leads are of this kind."""
    return [form for form in FORM_NAMES if (form in CONTACT_FORMS) == (kind == "contact")]


def _page_select(kind: str, shape: _Shape) -> sa.Select:
    """The first size + 1 leads of this kind under the filters and after the cursor, newest first."""
    table = _table(kind)
    conditions = _conditions(kind, table, shape)
    if shape.cursor_kind is not None:
        conditions.append(_after(kind, table, shape.cursor_kind))
    if shape.terms and shape.dialect == "postgresql":
        return _postgresql_search_page(kind, table, shape, conditions)
    if shape.terms:
        return _sqlite_search_page(kind, table, shape, conditions)
    return select(*_columns(kind, table)).where(*conditions).order_by(*_newest(table)).limit(shape.size + 1)


def _notified(kind: sa.ColumnElement[str], lead_id: sa.ColumnElement[int]) -> sa.ColumnElement[bool]:
    """Whether the lead's notification went out by e-mail: asked in the page's own statement, of
    its rows alone (the outbox's (lead_kind, lead_id) index), not in a second round trip."""
    outbox = OutboxMessage.__table__.c
    return sa.exists().where(
        outbox.lead_kind == kind,
        outbox.lead_id == lead_id,
        outbox.purpose == "new_lead",
        outbox.email_sent_at.is_not(None),
    )


@functools.lru_cache(maxsize=256)
def _page_statement(shape: _Shape) -> sa.Select:
    parts = [_page_select(kind, shape).subquery() for kind in shape.kinds]
    merged = union_all(*(select(part) for part in parts)).subquery("leads")
    owner = select(StaffUser.name).where(StaffUser.id == merged.c.owner_id).scalar_subquery()
    return (
        select(merged, _notified(merged.c.kind, merged.c.id).label("notified"), owner.label("owner_name"))
        .order_by(merged.c.created_at.desc(), merged.c.kind.desc(), merged.c.id.desc())
        .limit(shape.size + 1)
    )


def page(filters: Filters, cursor: Cursor | None = None, size: int = PAGE_SIZE) -> dict[str, Any]:
    """A page of leads, newest first, and the cursor of the next (None after the last)."""
    if filters.terms:
        plan_each_search()
    shape = _shape(filters, cursor, size)
    rows = db.session.execute(_page_statement(shape), _params(shape, filters, cursor)).all()
    shown = rows[:size]
    leads = []
    for row in shown:
        lead = {
            "kind": row.kind,
            "id": row.id,
            "received": as_utc(row.created_at).isoformat(),
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
        if filters.terms:
            searched = {
                "name": row.name,
                "company": row.company,
                "email": row.email,
                "phone": row.phone,
                TEXT_FIELD[row.kind]: row.text,
            }
            lead["highlight"] = highlight(searched, filters.terms, excerpt=TEXT_FIELD.values())
        leads.append(lead)
    last = shown[-1] if shown else None
    more = len(rows) > size and last is not None
    return {
        "leads": leads,
        "next": Cursor(as_utc(last.created_at), last.kind, last.id).encode() if more else None,
    }


def walk(filters: Filters, size: int = 500) -> Iterator[list[tuple[str, int]]]:
    """Every lead under the filters, in the list's order: the keys (kind, id) of a batch of `size`
    at a time, read as the list's pages are. Each batch ends its transaction."""
    cursor = None
    while True:
        if filters.terms:
            plan_each_search()
        shape = _shape(filters, cursor, size)
        rows = db.session.execute(_page_statement(shape), _params(shape, filters, cursor)).all()
        db.session.rollback()
        shown = rows[:size]
        if shown:
            yield [(row.kind, row.id) for row in shown]
        if len(rows) <= size:
            return
        last = shown[-1]
        cursor = Cursor(as_utc(last.created_at), last.kind, last.id)


@functools.lru_cache(maxsize=256)
def _counts_statement(shape: _Shape) -> sa.Select:
    """A search's counts, in FORM_NAMES' order."""
    return _postgresql_counts(shape) if shape.dialect == "postgresql" else _sqlite_counts(shape)


def counts(filters: Filters) -> dict[str, int]:
    """How many leads each form has under the filters, whatever the form filter says; with a
    search, counted up to COUNT_CAP + 1 only (the page shows "1,000+"): a broad term's tens of
    thousands of matches would take longer to count than to list."""
    shape = _shape(filters)
    params = _params(shape, filters)
    if filters.terms:
        plan_each_search()
        row = db.session.execute(_counts_statement(shape), params).one()
        return dict(zip(FORM_NAMES, row, strict=True))
    found = dict.fromkeys(FORM_NAMES, 0)
    contacts, quotes = _table("contact"), _table("quote")
    contact_conditions = _conditions("contact", contacts, shape, with_form=False)
    for form, count in db.session.execute(
        select(contacts.c.form, func.count()).where(*contact_conditions).group_by(contacts.c.form), params
    ):
        found[form] = found.get(form, 0) + count
    found["quote"] = db.session.execute(
        select(func.count()).select_from(quotes).where(*_conditions("quote", quotes, shape)), params
    ).scalar_one()
    return found


# One lead -------------------------------------------------------------------------------------------


def lead(kind: str, lead_id: int) -> Any | None:
    model = LEAD_MODELS.get(kind)
    if model is None or not 0 <= lead_id <= MAX_ID:  # an id the column cannot hold names no lead
        return None
    return db.session.get(model, lead_id)


def notification(kind: str, lead_id: int, lock: bool = False) -> OutboxMessage | None:
    """The lead's notification (the latest, were there ever more than one); locked until the
    transaction ends, when `lock`, on PostgreSQL."""
    statement = (
        select(OutboxMessage)
        .where(
            OutboxMessage.lead_kind == kind,
            OutboxMessage.lead_id == lead_id,
            OutboxMessage.purpose == "new_lead",
        )
        .order_by(OutboxMessage.id.desc())
        .limit(1)
    )
    if lock:
        statement = statement.with_for_update()
    return db.session.scalars(statement).first()
