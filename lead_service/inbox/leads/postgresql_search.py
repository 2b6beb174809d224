"""The lead search on PostgreSQL, in the generated columns of migration 0020 and their GIN indexes:
search_vector, the words, for "term:*" word-start queries; search_parts, the e-mail address and the
phone's digits, for LIKE '%part%' under trigrams. What a match is, highlight.py tells.

A search page first walks the RECENT newest leads under the other filters, in time order from the
list's index, keeping those that have the terms, and stops as soon as the page is full: a term one
lead in a hundred has fills it within a few thousand. Only when the walk comes short is every lead
that has the terms looked up by the indexes, to be sorted: a term rare among the newest is rare
enough for that. The planner is not left to choose between the two by its estimates, which for a
part of an address can be a hundred times off either way: a walk of the whole list for a rare term,
or sorting tens of thousands of leads for a common one. At a million leads, choosing by how many of
the 200 newest had the term sent one search in four of a name one lead in forty has (24,000 leads)
to the indexes: 150 ms, against 5 for the walk (docs/performance.md, "A million leads")."""

import re
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, literal_column, select, union_all

from ...extensions import db
from .filters import COUNT_CAP, FORM_NAMES, LEADS, Filters, Shape, bound, conditions, indexed, newest

RECENT = 20_000
VECTOR, PARTS = literal_column("leads.search_vector"), literal_column("leads.search_parts")


def plan_each_search() -> None:
    """Plans the rest of the transaction's queries for their very values. psycopg prepares a
    statement run five times, and PostgreSQL may then reuse a plan made for any value: one that
    walks every lead in time order, which suits a word most leads have but takes a hundred times
    longer for a rare one. A search's plan is worth the planning. Said once per transaction: the
    page and its counts share one."""
    session = db.session()
    transaction = session.get_transaction()
    if transaction and session.info.get("planning_each") is transaction:
        return
    session.execute(sa.text("SET LOCAL plan_cache_mode = force_custom_plan"))
    session.info["planning_each"] = session.get_transaction()


def _like_pattern(part: str) -> str:
    return "%" + re.sub(r"([\\%_])", r"\\\1", part) + "%"


def _tsquery_text(words: Iterable[str]) -> str:
    return " & ".join(f"'{word}':*" for word in words)  # letters and digits only


def params(filters: Filters) -> dict[str, Any]:
    """The terms' values, by the names _terms binds them under."""
    values = {}
    for number, term in enumerate(filters.terms or ()):
        values[f"t{number}_every"] = _tsquery_text(term.words)
        values[f"t{number}_indexed"] = _tsquery_text(indexed(term.words))
        for index, part in enumerate(term.parts):
            values[f"t{number}_part{index}"] = _like_pattern(part)
    return values


def _tsquery(name: str) -> sa.ColumnElement[Any]:
    return func.to_tsquery(literal_column("'simple'::regconfig"), bound(name))


def _words(vector: sa.ColumnElement[Any], number: int, split: bool) -> sa.ColumnElement[bool]:
    """Every word of term `number` starts a word of the lead. The GIN index is asked for its words
    of MIN_PART characters or more, or with a digit, only (all of them, when none is): one or two
    letters ("a" in "r.a") start thousands of distinct words, whose every entry the index would
    read (100 ms at a million leads), while digits start few (12 ms), and a longer word asked
    alone can be one a lead in twenty has, each to be read from the table (200 ms). When some were
    left out (`split`), the lead's tsvector is then matched against them all, by the function
    under @@, which the planner does not take to an index."""
    every = _tsquery(f"t{number}_every")
    if not split:
        return vector.op("@@")(every)
    return sa.and_(vector.op("@@")(_tsquery(f"t{number}_indexed")), func.ts_match_vq(vector, every))


def _terms(vector: sa.ColumnElement[Any], parts: sa.ColumnElement[Any], shape: Shape) -> list:
    """A lead has every term (see highlight's docstring for what that is)."""
    found_all = []
    for number, term in enumerate(shape.terms or ()):
        found = [_words(vector, number, term.split)] if term.words else []
        found.extend(parts.like(bound(f"t{number}_part{index}"), escape="\\") for index in range(term.parts))
        found_all.append(sa.or_(*found))
    return found_all


def _newest_with_terms(shape: Shape, limit: int) -> sa.Select:
    """The ids and times of the leads with the terms among the `limit` newest under the filters,
    read newest first from the list's index."""
    recent = (
        select(LEADS.c.id, LEADS.c.created_at, VECTOR.label("vector"), PARTS.label("parts"))
        .where(*conditions(shape))
        .order_by(*newest())
        .limit(limit)
        .subquery()
    )
    return (
        select(recent.c.id, recent.c.created_at)
        .where(*_terms(recent.c.vector, recent.c.parts, shape))
        .order_by(*newest(recent))
    )


def page_ids(shape: Shape) -> sa.Subquery:
    """The ids of the first size + 1 leads under the filters that have the terms."""
    size = shape.size
    walked = _newest_with_terms(shape, RECENT).limit(size + 1).cte("walked")
    full = select(func.count()).select_from(walked).scalar_subquery() > size
    # MATERIALIZED: planned as a whole, for every lead that has the terms, not as the start of a
    # walk in time order that the LIMIT outside would have the planner hope to stop early. A
    # one-time filter: the indexes are asked only when the walk came short.
    matches = (
        select(LEADS.c.id, LEADS.c.created_at)
        .where(*conditions(shape), *_terms(VECTOR, PARTS, shape))
        .cte("matches")
        .prefix_with("MATERIALIZED")
    )
    looked_up = select(matches).where(~full).order_by(*newest(matches)).limit(size + 1).subquery("looked_up")
    # The walk's leads when it filled the page, else the indexes': never both.
    return union_all(select(walked.c.id).where(full), select(looked_up.c.id)).subquery("found")


def counts_select(shape: Shape) -> sa.Select:
    """One statement: the leads that have the terms, read once for all forms (a CTE read for each
    is read once), each form's count stopping at COUNT_CAP + 1. MATERIALIZED, as above: a common
    term's leads are then read in the table's order until every form has its COUNT_CAP + 1, a rare
    term's from the indexes."""
    matches = (
        select(LEADS.c.form)
        .where(*conditions(shape, with_form=False), *_terms(VECTOR, PARTS, shape))
        .cte("matches")
        .prefix_with("MATERIALIZED")
    )
    capped = [
        select(literal_column("1"))
        .select_from(matches)
        .where(matches.c.form == form)
        .limit(COUNT_CAP + 1)
        .subquery()
        for form in FORM_NAMES
    ]
    return select(*(select(func.count()).select_from(some).scalar_subquery() for some in capped))
