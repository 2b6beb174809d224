"""the inbox's lead list and search: list indexes, and a search index per database

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27

What a search matches is told in lead_service/inbox/leads/highlight.py; this indexes exactly that.

Both databases: (spam, created_at, id) per lead table, and (form, spam, created_at, id) for the
contact forms' tabs, from which the newest 51 leads under a cursor, and the counts, are read.

PostgreSQL: two generated columns per lead table, each under a GIN index:
- search_vector: to_tsvector('simple', ...) of the searched fields with ASCII punctuation made
  spaces, so that its words are runs of letters and digits (as SQLite's tokenizer and the page's
  highlighting find them), for "term:*" word-start queries;
- search_parts: the e-mail address and the phone number without its separators, lower case,
  under pg_trgm's gin_trgm_ops, for LIKE '%part%'.
pg_trgm is one per database: in the schema it was first made in (public, when this makes it), whose
name qualifies the operator class, so that a migration run with another search_path finds it.

SQLite: two contentless FTS5 tables per lead table, filled by triggers on insert, update and delete:
lead_search_<kind>_words (unicode61, word starts by prefix queries, prefix indexes of 1 to 3
characters) and lead_search_<kind>_parts (trigram, the e-mail address and the phone's digits).
"""

import string

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# kind: (table, searched text columns besides name, email and phone)
TABLES = {
    "contact": ("contact_messages", ("company", "message")),
    "quote": ("quote_requests", ("project",)),
}
# As lead_service.inbox.leads.highlight.PHONE_SEPARATORS (repeated: a migration stays as it was written).
PHONE_SEPARATORS = " -+()./"


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _list_indexes(create: bool) -> None:
    indexes = [
        ("ix_contact_messages_list", "contact_messages", ["spam", "created_at", "id"]),
        ("ix_contact_messages_form_list", "contact_messages", ["form", "spam", "created_at", "id"]),
        ("ix_quote_requests_list", "quote_requests", ["spam", "created_at", "id"]),
    ]
    for name, table, columns in indexes:
        if create:
            op.create_index(name, table, columns)
        else:
            op.drop_index(name, table_name=table)


def _fields(columns: tuple[str, ...], prefix: str = "") -> list[str]:
    return [f"coalesce({prefix}{column}, '')" for column in ("name", *columns, "email", "phone")]


# PostgreSQL -----------------------------------------------------------------------------------------


def _trgm_schema(connection: sa.Connection) -> str:
    """The schema pg_trgm lives in, after making it (in public, when there is one) if it is not
    there yet."""
    find = sa.text(
        "SELECT nspname FROM pg_extension JOIN pg_namespace ON pg_namespace.oid = extnamespace"
        " WHERE extname = 'pg_trgm'"
    )
    schema = connection.execute(find).scalar()
    if schema is None:
        public = connection.execute(sa.text("SELECT 1 FROM pg_namespace WHERE nspname = 'public'")).scalar()
        connection.execute(
            sa.text("CREATE EXTENSION IF NOT EXISTS pg_trgm" + (" SCHEMA public" if public else ""))
        )
        schema = connection.execute(find).scalar()
    return schema


def _postgresql_upgrade(connection: sa.Connection) -> None:
    opclass = '"{}".gin_trgm_ops'.format(_trgm_schema(connection).replace('"', '""'))
    punctuation = _sql_text(string.punctuation)
    spaces = _sql_text(" " * len(string.punctuation))
    for table, columns in TABLES.values():
        text = " || ' ' || ".join(_fields(columns))
        phone = f"translate(coalesce(phone, ''), {_sql_text(PHONE_SEPARATORS)}, '')"
        op.execute(
            f"ALTER TABLE {table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS"
            f" (to_tsvector('simple'::regconfig, translate({text}, {punctuation}, {spaces}))) STORED"
        )
        op.execute(
            f"ALTER TABLE {table} ADD COLUMN search_parts text GENERATED ALWAYS AS"
            f" (lower(email || E'\\n' || {phone})) STORED"
        )
        op.execute(f"CREATE INDEX ix_{table}_search_vector ON {table} USING gin (search_vector)")
        op.execute(f"CREATE INDEX ix_{table}_search_parts ON {table} USING gin (search_parts {opclass})")


def _postgresql_downgrade() -> None:
    # pg_trgm stays: it is the database's, and other schemas may use it.
    for table, _columns in TABLES.values():
        op.execute(f"DROP INDEX IF EXISTS ix_{table}_search_parts")
        op.execute(f"DROP INDEX IF EXISTS ix_{table}_search_vector")
        op.execute(f"ALTER TABLE {table} DROP COLUMN search_parts")
        op.execute(f"ALTER TABLE {table} DROP COLUMN search_vector")


# SQLite ---------------------------------------------------------------------------------------------

# Characters unicode61 would keep inside a word (symbols, not punctuation), split at as the
# PostgreSQL side and the highlighting do.
_SQLITE_SEPARATORS = "".join(char for char in string.punctuation if char in "$+<=>^`|~")


def _sqlite_values(columns: tuple[str, ...], row: str) -> tuple[str, str]:
    """The words table's and the parts table's text of a row (`new.`, `old.` or a table's own)."""
    words = " || ' ' || ".join(_fields(columns, row))
    phone = f"coalesce({row}phone, '')"
    for char in PHONE_SEPARATORS:
        phone = f"replace({phone}, {_sql_text(char)}, '')"
    return words, f"{row}email || char(10) || {phone}"


def _sqlite_upgrade() -> None:
    for kind, (table, columns) in TABLES.items():
        words, parts = f"lead_search_{kind}_words", f"lead_search_{kind}_parts"
        op.execute(
            f"CREATE VIRTUAL TABLE {words} USING fts5(text, content='', prefix='1 2 3',"
            f" tokenize=\"unicode61 remove_diacritics 0 separators '{_SQLITE_SEPARATORS}'\")"
        )
        op.execute(f"CREATE VIRTUAL TABLE {parts} USING fts5(text, content='', tokenize='trigram')")
        new_words, new_parts = _sqlite_values(columns, "new.")
        old_words, old_parts = _sqlite_values(columns, "old.")
        add = (
            f"INSERT INTO {words}(rowid, text) VALUES (new.id, {new_words});"
            f" INSERT INTO {parts}(rowid, text) VALUES (new.id, {new_parts});"
        )
        # A contentless table forgets a row when told the very values it was given.
        remove = (
            f"INSERT INTO {words}({words}, rowid, text) VALUES ('delete', old.id, {old_words});"
            f" INSERT INTO {parts}({parts}, rowid, text) VALUES ('delete', old.id, {old_parts});"
        )
        searched = ", ".join(("id", "name", *columns, "email", "phone"))
        op.execute(f"CREATE TRIGGER {table}_search_insert AFTER INSERT ON {table} BEGIN {add} END")
        op.execute(f"CREATE TRIGGER {table}_search_delete AFTER DELETE ON {table} BEGIN {remove} END")
        op.execute(
            f"CREATE TRIGGER {table}_search_update AFTER UPDATE OF {searched} ON {table}"
            f" BEGIN {remove} {add} END"
        )
        row_words, row_parts = _sqlite_values(columns, "")
        op.execute(f"INSERT INTO {words}(rowid, text) SELECT id, {row_words} FROM {table}")
        op.execute(f"INSERT INTO {parts}(rowid, text) SELECT id, {row_parts} FROM {table}")


def _sqlite_downgrade() -> None:
    for kind, (table, _columns) in TABLES.items():
        for action in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS {table}_search_{action}")
        op.execute(f"DROP TABLE IF EXISTS lead_search_{kind}_words")
        op.execute(f"DROP TABLE IF EXISTS lead_search_{kind}_parts")


def upgrade() -> None:
    _list_indexes(create=True)
    connection = op.get_bind()
    if connection.dialect.name == "postgresql":
        _postgresql_upgrade(connection)
    elif connection.dialect.name == "sqlite":
        _sqlite_upgrade()


def downgrade() -> None:
    connection = op.get_bind()
    if connection.dialect.name == "postgresql":
        _postgresql_downgrade()
    elif connection.dialect.name == "sqlite":
        _sqlite_downgrade()
    _list_indexes(create=False)
