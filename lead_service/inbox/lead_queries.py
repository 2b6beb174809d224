"""The inbox's reads of the leads: a page of the list across both lead tables, newest first under a
keyset cursor, with its filters and search; the counts per form; a lead with its notification.

Each lead table is read on its own, newest first from its (spam, created_at, id) index, at most a
page and one more under the cursor, and the two are merged (UNION ALL under an outer ORDER BY and
LIMIT): a page costs two short index scans however many leads there are. The order is
(created_at, kind, id), all descending: a total order, however many leads share a time."""

import base64
import binascii
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import func, literal_column, select, union, union_all

from ..extensions import db
from ..models import LEAD_MODELS, ContactMessage, OutboxMessage, QuoteRequest, as_utc
from ..schemas import CONTACT_FORMS, FORMS
from .highlight import Term, highlight

PAGE_SIZE = 50
MAX_ID = 2**31 - 1  # the lead tables' integer ids
# Every form a lead can come from, as the list's tabs show them.
FORM_NAMES = tuple(FORMS["forms"])
# A search counts the matches of each form up to one more than this: the page shows "1,000+".
COUNT_CAP = 1000
SPAM_CHOICES = ("only", "include")  # hidden when not given
# The long text each kind of lead is searched in: a contact form's message, a quote's project.
TEXT_FIELD = {"contact": "message", "quote": "project"}


@dataclass(frozen=True)
class Filters:
    form: str | None = None
    since: date | None = None  # first UTC day
    until: date | None = None  # last UTC day
    spam: str | None = None  # None (hidden), "only" or "include"
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


# Conditions -----------------------------------------------------------------------------------------


def _dialect() -> str:
    return db.session.get_bind().dialect.name


def _like_pattern(part: str) -> str:
    return "%" + re.sub(r"([\\%_])", r"\\\1", part) + "%"


def _fts_phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _fts_match(table: str, expression: str) -> sa.Select:
    fts = sa.table(table, sa.column("rowid"))
    return select(fts.c.rowid).where(literal_column(table).op("MATCH")(expression))


def _sqlite_matches(kind: str, term: Term) -> list[sa.Select]:
    """The ids of the leads of this kind that have the term, from the FTS5 tables of migration 0008
    (whose rowid is the lead's id): the words' starts, or a part of the e-mail or phone."""
    matches = []
    if term.words:
        words = " AND ".join(_fts_phrase(word) + "*" for word in term.words)
        matches.append(_fts_match(f"lead_search_{kind}_words", words))
    if term.parts:
        parts = " OR ".join(_fts_phrase(part) for part in term.parts)
        matches.append(_fts_match(f"lead_search_{kind}_parts", parts))
    return matches


# A term had by at least this many leads of a kind is common: see _walk_in_order.
COMMON = 1000


def _walk_in_order(kind: str, query_terms: tuple[Term, ...]) -> bool:
    """SQLite: whether a page of this kind is best read by walking the leads newest first, keeping
    those that have the terms, rather than by looking up every lead that has them and sorting.
    SQLite cannot tell (it takes any IN list for a short one); the walk is short when many leads
    have the terms, so the FTS5 tables are asked, COMMON rows at most: the leads with the term, or
    with the words of every term (a part of an e-mail or phone aside, a cheap guess)."""
    if not query_terms:
        return False
    if len(query_terms) == 1:
        matches = _sqlite_matches(kind, query_terms[0])
    elif all(term.words for term in query_terms):
        every = " AND ".join(_fts_phrase(word) + "*" for term in query_terms for word in term.words)
        matches = [_fts_match(f"lead_search_{kind}_words", every)]
    else:
        return False
    found = 0
    for match in matches:
        found += db.session.execute(
            select(func.count()).select_from(match.limit(COMMON).subquery())
        ).scalar_one()
    return found >= COMMON


def _term_condition(
    kind: str, model: Any, term: Term, dialect: str, walk: bool = False
) -> sa.ColumnElement[bool]:
    """A lead of this kind has the term (see highlight's docstring for what that is). On SQLite,
    `walk` keeps SQLite from looking the leads up by id (a unary + hides the column from the
    planner), so that it reads them from the list's index, newest first."""
    table = model.__tablename__
    if dialect == "postgresql":
        found = []
        if term.words:
            query = " & ".join(f"'{word}':*" for word in term.words)  # letters and digits only
            to_tsquery = func.to_tsquery(literal_column("'simple'::regconfig"), query)
            found.append(literal_column(f"{table}.search_vector").op("@@")(to_tsquery))
        found.extend(
            literal_column(f"{table}.search_parts").like(_like_pattern(part), escape="\\")
            for part in term.parts
        )
        return sa.or_(*found)
    matches = _sqlite_matches(kind, term)
    lead_id = literal_column(f"+{table}.id") if walk else model.id
    return lead_id.in_(matches[0] if len(matches) == 1 else union(*matches))


def plan_each_search() -> None:
    """On PostgreSQL, plans the rest of the transaction's queries for their very values. psycopg
    prepares a statement run five times, and PostgreSQL may then reuse a plan made for any value:
    one that walks every lead in time order, which suits a word most leads have but takes a
    hundred times longer for a rare one. A search's plan is worth the planning."""
    if _dialect() == "postgresql":
        db.session.execute(sa.text("SET LOCAL plan_cache_mode = force_custom_plan"))


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, UTC)


def _conditions(
    kind: str, model: Any, filters: Filters, with_form: bool = True, walk: bool = False
) -> list[sa.ColumnElement[bool]]:
    """What a lead of this kind must be to be listed (the form, when `with_form`)."""
    conditions: list[sa.ColumnElement[bool]] = []
    if filters.spam is None:
        conditions.append(model.spam == sa.false())
    elif filters.spam == "only":
        conditions.append(model.spam == sa.true())
    if with_form and filters.form and kind == "contact":
        conditions.append(model.form == filters.form)
    if filters.since:
        conditions.append(model.created_at >= _day_start(filters.since))
    if filters.until:
        conditions.append(model.created_at < _day_start(filters.until + timedelta(days=1)))
    if filters.terms is not None:
        dialect = _dialect()
        conditions.extend(_term_condition(kind, model, term, dialect, walk) for term in filters.terms)
        if not filters.terms:
            conditions.append(sa.false())
    return conditions


def _kinds(form: str | None) -> list[str]:
    """The lead tables a form filter reads."""
    if form is None:
        return list(LEAD_MODELS)
    return ["contact"] if form in CONTACT_FORMS else ["quote"]


def _after(kind: str, model: Any, cursor: Cursor) -> sa.ColumnElement[bool]:
    """This table's leads that come after the cursor in (created_at, kind, id) descending order."""
    if kind == cursor.kind:
        return sa.tuple_(model.created_at, model.id) < sa.tuple_(
            sa.literal(cursor.created_at, model.created_at.type), sa.literal(cursor.id, model.id.type)
        )
    if kind < cursor.kind:  # at the cursor's very time, this kind comes after the cursor's
        return model.created_at <= cursor.created_at
    return model.created_at < cursor.created_at


# The list -------------------------------------------------------------------------------------------


def _page_select(kind: str, model: Any, filters: Filters, cursor: Cursor | None, size: int) -> sa.Select:
    contact = model is ContactMessage
    text_column = getattr(model, TEXT_FIELD[kind])
    columns = [
        literal_column(f"'{kind}'", sa.Text).label("kind"),
        model.id.label("id"),
        model.created_at.label("created_at"),
        (model.form if contact else literal_column("'quote'", sa.Text)).label("form"),
        model.name.label("name"),
        (model.company if contact else sa.cast(sa.null(), sa.Text)).label("company"),
        model.email.label("email"),
        model.phone.label("phone"),
        text_column.label("text"),
        model.page.label("page"),
        model.spam.label("spam"),
    ]
    walk = _dialect() == "sqlite" and bool(filters.terms) and _walk_in_order(kind, filters.terms or ())
    conditions = _conditions(kind, model, filters, walk=walk)
    if cursor is not None:
        conditions.append(_after(kind, model, cursor))
    return (
        select(*columns).where(*conditions).order_by(model.created_at.desc(), model.id.desc()).limit(size + 1)
    )


def _notified(rows: Sequence[Any]) -> set[tuple[str, int]]:
    """The leads among `rows` whose notification went out by e-mail."""
    by_kind: dict[str, list[int]] = {}
    for row in rows:
        by_kind.setdefault(row.kind, []).append(row.id)
    if not by_kind:
        return set()
    found = db.session.execute(
        select(OutboxMessage.lead_kind, OutboxMessage.lead_id).where(
            sa.or_(
                *(
                    sa.and_(OutboxMessage.lead_kind == kind, OutboxMessage.lead_id.in_(ids))
                    for kind, ids in by_kind.items()
                )
            ),
            OutboxMessage.email_sent_at.is_not(None),
        )
    )
    return {(kind, lead_id) for kind, lead_id in found}


def page(filters: Filters, cursor: Cursor | None = None, size: int = PAGE_SIZE) -> dict[str, Any]:
    """A page of leads, newest first, and the cursor of the next (None after the last)."""
    if filters.terms:
        plan_each_search()
    parts = [
        _page_select(kind, LEAD_MODELS[kind], filters, cursor, size).subquery()
        for kind in _kinds(filters.form)
    ]
    merged = union_all(*(select(part) for part in parts)).subquery("leads")
    statement = (
        select(merged)
        .order_by(merged.c.created_at.desc(), merged.c.kind.desc(), merged.c.id.desc())
        .limit(size + 1)
    )
    rows = db.session.execute(statement).all()
    shown = rows[:size]
    notified = _notified(shown)
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
            "notified": (row.kind, row.id) in notified,
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


def counts(filters: Filters) -> dict[str, int]:
    """How many leads each form has under the filters, whatever the form filter says; with a
    search, counted up to COUNT_CAP + 1 only (the page shows "1,000+"): a broad term's tens of
    thousands of matches would take longer to count than to list."""
    found = dict.fromkeys(FORM_NAMES, 0)
    if not filters.terms:
        contact_conditions = _conditions("contact", ContactMessage, filters, with_form=False)
        for form, count in db.session.execute(
            select(ContactMessage.form, func.count()).where(*contact_conditions).group_by(ContactMessage.form)
        ):
            found[form] = found.get(form, 0) + count
        found["quote"] = db.session.execute(
            select(func.count()).select_from(QuoteRequest).where(*_conditions("quote", QuoteRequest, filters))
        ).scalar_one()
        return found
    plan_each_search()
    for form in FORM_NAMES:
        kind = "contact" if form in CONTACT_FORMS else "quote"
        model = LEAD_MODELS[kind]
        conditions = _conditions(kind, model, filters, with_form=False)
        if kind == "contact":
            conditions.append(model.form == form)
        matches = select(model.id).where(*conditions).limit(COUNT_CAP + 1).subquery()
        found[form] = db.session.execute(select(func.count()).select_from(matches)).scalar_one()
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
        .where(OutboxMessage.lead_kind == kind, OutboxMessage.lead_id == lead_id)
        .order_by(OutboxMessage.id.desc())
        .limit(1)
    )
    if lock:
        statement = statement.with_for_update()
    return db.session.scalars(statement).first()
