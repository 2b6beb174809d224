"""The lead search on SQLite, in the two contentless FTS5 tables of migration 0020: the words, for
the start of a word, and the e-mail address and phone digits, by trigrams, for a part of them. What
a match is, highlight.py tells.

Their rowid is the lead's key: the minute of its time times KEY_SPAN, plus its id. FTS5 hands out a
MATCH in rowid order, newest minute first when asked, and stops when no more is wanted. A search
page reads the keys newest first, each joined to its lead for the other filters, until it has a
page's worth; then every key from the minute of the last of them on, to put that minute's leads in
their exact order. A common term costs a page's worth of leads, a rare one its few; the counts, read
the same way, COUNT_CAP + 1 leads per form at most."""

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, literal_column, select, union

from ...models.leads import SQLITE_SEARCH_TABLES, as_utc
from .filters import (
    COUNT_CAP,
    FORM_NAMES,
    LEADS,
    Cursor,
    Filters,
    Shape,
    TermShape,
    bound,
    conditions,
    day_start,
)

# The leads' ids are below this: the search tables' rowid is minute * KEY_SPAN + id.
KEY_SPAN = 2**31
WORDS, PARTS = SQLITE_SEARCH_TABLES


def _phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _minute(moment: datetime) -> int:
    """The minute of a key, as migration 0020 reckons it (UTC, as the leads keep times)."""
    return max(int(as_utc(moment).timestamp()) // 60, 0)


def _key_range(filters: Filters, cursor: Cursor | None) -> tuple[int, int]:
    """The keys a lead under the dates and after the cursor may have: from (with) and to (without).
    The leads themselves are held to the dates and cursor: these only spare FTS5 the rest."""
    low = _minute(day_start(filters.since)) * KEY_SPAN if filters.since else 0
    ends = []
    if filters.until:
        ends.append(day_start(filters.until + timedelta(days=1)))
    if cursor is not None:
        ends.append(cursor.created_at)
    high = (min(_minute(end) for end in ends) + 1) * KEY_SPAN if ends else 2**63 - 1
    return low, high


def params(filters: Filters, cursor: Cursor | None) -> dict[str, Any]:
    """The terms' MATCH expressions and the keys' range, by the names the statements bind them under."""
    values: dict[str, Any] = {}
    for number, term in enumerate(filters.terms or ()):
        values[f"t{number}_words"] = " AND ".join(_phrase(word) + "*" for word in term.words)
        values[f"t{number}_parts"] = " OR ".join(_phrase(part) for part in term.parts)
    values["key_low"], values["key_high"] = _key_range(filters, cursor)
    return values


def _matches(number: int, term: TermShape) -> list[tuple[str, str]]:
    """(FTS5 table, the name of its MATCH expression) for each way term `number` is found: the
    words' starts, or a part of the e-mail or phone."""
    matches = []
    if term.words:
        matches.append((WORDS, f"t{number}_words"))
    if term.parts:
        matches.append((PARTS, f"t{number}_parts"))
    return matches


def _fts(table: str) -> tuple[sa.TableClause, Callable[[Any], sa.ColumnElement[bool]]]:
    return sa.table(table, sa.column("rowid")), literal_column(table).op("MATCH")


def _keys(number: int, term: TermShape) -> sa.Select | sa.CompoundSelect:
    """The keys of the leads that have term `number`."""
    found = []
    for fts_table, expression in _matches(number, term):
        fts, match = _fts(fts_table)
        found.append(select(fts.c.rowid).where(match(bound(expression))))
    return found[0] if len(found) == 1 else union(*found)


def _arms(shape: Shape, where: list, start: sa.ColumnElement[Any] | None = None) -> list[sa.Select]:
    """The keys of the leads under `where` that have every term, from key `start` on: one SELECT
    per way the first term is found, each read in key order from its FTS5 table and joined to the
    lead; the other terms by their keys."""
    first, *others = shape.terms or ()
    arms = []
    for fts_table, expression in _matches(0, first):
        fts, match = _fts(fts_table)
        key = fts.c.rowid
        bounds = [key >= bound("key_low", sa.Integer), key < bound("key_high", sa.Integer)]
        bounds += [key >= start] if start is not None else []
        # The unary + keeps FTS5 from being handed the other terms' keys, to look each up.
        hidden = literal_column(f"+{fts_table}.rowid")
        arms.append(
            select(key.label("k"))
            .join_from(fts, LEADS, LEADS.c.id == key % KEY_SPAN)
            .where(match(bound(expression)), *bounds, *where)
            .where(*(hidden.in_(_keys(number, term)) for number, term in enumerate(others, 1)))
        )
    return arms


def _newest_keys(arms: Iterable[sa.Select], limit: int) -> sa.Select | sa.CompoundSelect:
    """The first `limit` keys of the arms, newest minute first, each once."""
    first, *more = arms
    newest_first = literal_column("k").desc()
    return (union(first, *more) if more else first).order_by(newest_first).limit(limit)


def page_ids(shape: Shape) -> sa.Subquery:
    """The ids of the first size + 1 leads under the filters that have the terms, and maybe more of
    the last one's minute."""
    where = conditions(shape)
    # A CTE, read once, though each arm below asks for its start.
    newest = _newest_keys(_arms(shape, where), shape.size + 1).cte("newest")
    # The first key of the minute of the last of them (none when nothing has the terms).
    first = func.min(newest.c.k)
    arms = _arms(shape, where, select(first - first % KEY_SPAN).scalar_subquery())
    found = (arms[0] if len(arms) == 1 else union(*arms)).subquery()
    return select((found.c.k % KEY_SPAN).label("id")).subquery("found")


def counts_select(shape: Shape) -> sa.Select:
    """One statement: each form's keys read as a page's are, stopping at COUNT_CAP + 1."""
    capped = []
    for form in FORM_NAMES:
        where = [*conditions(shape, with_form=False), LEADS.c.form == form]
        capped.append(_newest_keys(_arms(shape, where), COUNT_CAP + 1).subquery())
    return select(*(select(func.count()).select_from(some).scalar_subquery() for some in capped))
