"""the lead search's FTS5 tables keyed by time, so that SQLite reads a search newest first

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27

SQLite only (PostgreSQL's search columns stay as 0008 made them).

0008 gave each row of lead_search_<kind>_words and lead_search_<kind>_parts its lead's id as rowid.
A search page wants the newest matching leads, and ids say nothing of time, so SQLite had to take
every lead with the term (half of them, for ".example") before it could keep the newest 51. Here
the rowid becomes the lead's key: the minute of its created_at (UTC, from 1970) times 2^31, plus its
id (a lead table's ids are below 2^31). Newest first by rowid is then newest first by minute, and
FTS5 hands out a MATCH in rowid order, so a page reads the first few matches and stops; the id is
the key modulo 2^31. A lead changed in time moves in the index, as one changed in what it says.

The words tables also keep the prefixes of 1 to 8 characters of every word, not 1 to 3: FTS5 reads
a prefix it keeps as one list, in order, as far as asked, but gathers every word that has a longer
one into a list of every lead that has any of them before handing out the first ("examp" takes
half the leads). Longer prefixes are rarer in what is typed, and begin few words.

The price is room: a key's steps from one to the next take more bytes than an id's, and the words
tables keep more prefixes, so the search tables take about three times the room of 0008's (at
100,000 leads, 150 MB where 0008's took 45 MB).

The tables are made anew, with the same names, tokenizers and text as 0008's, and filled from the
lead tables; downgrade makes 0008's again.
"""

import string

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# kind: (table, searched text columns besides name, email and phone), as in 0008.
TABLES = {
    "contact": ("contact_messages", ("company", "message")),
    "quote": ("quote_requests", ("project",)),
}
# As 0008 (repeated: a migration stays as it was written).
PHONE_SEPARATORS = " -+()./"
_SQLITE_SEPARATORS = "".join(char for char in string.punctuation if char in "$+<=>^`|~")
# As lead_service.inbox.leads.lead_queries.KEY_SPAN: a minute's worth of keys.
KEY_SPAN = 2**31


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _fields(columns: tuple[str, ...], row: str) -> list[str]:
    return [f"coalesce({row}{column}, '')" for column in ("name", *columns, "email", "phone")]


def _values(columns: tuple[str, ...], row: str) -> tuple[str, str]:
    """The words table's and the parts table's text of a row (`new.`, `old.` or a table's own)."""
    words = " || ' ' || ".join(_fields(columns, row))
    phone = f"coalesce({row}phone, '')"
    for char in PHONE_SEPARATORS:
        phone = f"replace({phone}, {_sql_text(char)}, '')"
    return words, f"{row}email || char(10) || {phone}"


def _key(row: str, keyed: bool) -> str:
    """A row's rowid in the search tables: its key (see above), or its id as in 0008. Before 1970,
    or were a time ever unreadable, the minute is 0: still in order, the id still the remainder."""
    if not keyed:
        return f"{row}id"
    minute = f"max(coalesce(CAST(strftime('%s', {row}created_at) AS INTEGER), 0) / 60, 0)"
    return f"{minute} * {KEY_SPAN} + {row}id"


def _drop(kind: str, table: str) -> None:
    for action in ("insert", "delete", "update"):
        op.execute(f"DROP TRIGGER IF EXISTS {table}_search_{action}")
    op.execute(f"DROP TABLE IF EXISTS lead_search_{kind}_words")
    op.execute(f"DROP TABLE IF EXISTS lead_search_{kind}_parts")


def _create(kind: str, table: str, columns: tuple[str, ...], keyed: bool) -> None:
    words, parts = f"lead_search_{kind}_words", f"lead_search_{kind}_parts"
    prefixes = "1 2 3 4 5 6 7 8" if keyed else "1 2 3"
    op.execute(
        f"CREATE VIRTUAL TABLE {words} USING fts5(text, content='', prefix='{prefixes}',"
        f" tokenize=\"unicode61 remove_diacritics 0 separators '{_SQLITE_SEPARATORS}'\")"
    )
    op.execute(f"CREATE VIRTUAL TABLE {parts} USING fts5(text, content='', tokenize='trigram')")
    new_words, new_parts = _values(columns, "new.")
    old_words, old_parts = _values(columns, "old.")
    new_key, old_key = _key("new.", keyed), _key("old.", keyed)
    add = (
        f"INSERT INTO {words}(rowid, text) VALUES ({new_key}, {new_words});"
        f" INSERT INTO {parts}(rowid, text) VALUES ({new_key}, {new_parts});"
    )
    # A contentless table forgets a row when told the very values it was given.
    remove = (
        f"INSERT INTO {words}({words}, rowid, text) VALUES ('delete', {old_key}, {old_words});"
        f" INSERT INTO {parts}({parts}, rowid, text) VALUES ('delete', {old_key}, {old_parts});"
    )
    watched = ", ".join(("id", *(("created_at",) if keyed else ()), "name", *columns, "email", "phone"))
    op.execute(f"CREATE TRIGGER {table}_search_insert AFTER INSERT ON {table} BEGIN {add} END")
    op.execute(f"CREATE TRIGGER {table}_search_delete AFTER DELETE ON {table} BEGIN {remove} END")
    op.execute(
        f"CREATE TRIGGER {table}_search_update AFTER UPDATE OF {watched} ON {table} BEGIN {remove} {add} END"
    )
    row_words, row_parts = _values(columns, "")
    key = _key("", keyed)
    op.execute(f"INSERT INTO {words}(rowid, text) SELECT {key}, {row_words} FROM {table}")
    op.execute(f"INSERT INTO {parts}(rowid, text) SELECT {key}, {row_parts} FROM {table}")


def _rebuild(keyed: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for kind, (table, columns) in TABLES.items():
        _drop(kind, table)
        _create(kind, table, columns, keyed)


def upgrade() -> None:
    _rebuild(keyed=True)


def downgrade() -> None:
    _rebuild(keyed=False)
