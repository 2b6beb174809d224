"""every lead in one table, and what points at a lead held to it by a foreign key

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28

Until now a lead lived in contact_messages or quote_requests, and the outbox, the notes, the
Idempotency-Keys and the audit trail named it by (kind, id) with no key: every read of the inbox
took both tables, and deleting a lead meant deleting what pointed at it by hand.

Here:
- leads: every lead of both tables, with its form ("quote" for a quote request), its time, status,
  owner, version and the rest as they were. The ids are new, one space for all: numbered in the
  order the leads came (time, then the old table, then the old id).
- lead_addresses: each moved lead's old (kind, id), so that the inbox's old addresses
  (/inbox/leads/quote/3) still find it.
- lead_notes, outbox and idempotency_keys name the new id under a foreign key ON DELETE CASCADE
  (idempotency_keys: a lead's or a consent record's). A row that named a lead no longer there is
  deleted: it could not have been reached, and the key would refuse it.
- audit_events: a lead's id is rewritten to the new one, a plain value still, with no key; an
  event of a lead no longer there keeps no id. The trail's guard (0015) is lifted for that
  rewrite alone, in this transaction.
- the search (0008, 0009) is made anew over the one table: PostgreSQL's generated columns and GIN
  indexes, SQLite's two FTS5 tables keyed by time, filled once the rows are in.

There is no way down: the old tables' ids are gone once new leads share the new space. Take a
backup before upgrading (docs/operations.md).
"""

import string

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

# The columns every old lead table had, moved as they were.
SHARED = (
    "email_folded, created_at, page, spam, status, owner_id, version, first_response_at, utm_source,"
    " utm_medium, utm_campaign, utm_term, utm_content, referrer_host, landing_path"
)
COLUMNS = f"form, name, email, phone, company, message, project, budget, country, {SHARED}"
NONE = "CAST(NULL AS TEXT)"
OLD_LEADS = (
    f"SELECT 'contact' AS kind, id AS old_id, form, name, email, phone, company, message, {NONE} AS project,"
    f" {NONE} AS budget, {NONE} AS country, {SHARED} FROM contact_messages"
    f" UNION ALL SELECT 'quote', id, 'quote', name, email, phone, {NONE}, {NONE}, project, budget, country,"
    f" {SHARED} FROM quote_requests"
)
# A lead's new id: its place in the order the leads came.
NEW_ID = "ROW_NUMBER() OVER (ORDER BY created_at, kind, old_id)"
# The new id of the lead a row names as (kind, id) in these two columns, none when it is gone.
MOVED = "(SELECT a.lead_id FROM lead_addresses a WHERE a.kind = {kind} AND a.old_id = {id})"

AUDIT_GUARD = "the audit trail is append-only: its events are never changed or deleted"  # as 0015

# The search, as 0008 and 0009 made it for each table (repeated: a migration stays as written).
SEARCHED = ("name", "company", "message", "project", "email", "phone")
PHONE_SEPARATORS = " -+()./"
SQLITE_SEPARATORS = "".join(char for char in string.punctuation if char in "$+<=>^`|~")
KEY_SPAN = 2**31


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _create_leads() -> None:
    text, moment = sa.Text(), sa.DateTime(timezone=True)
    op.create_table(
        "leads",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("form", text, nullable=False),
        sa.Column("name", text, nullable=False),
        sa.Column("email", text, nullable=False),
        sa.Column("email_folded", text, nullable=False),
        *(sa.Column(name, text) for name in ("phone", "company", "message", "project", "budget", "country")),
        sa.Column("created_at", moment, nullable=False),
        sa.Column("page", text),
        sa.Column("spam", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("status", text, nullable=False, server_default="new"),
        sa.Column("owner_id", sa.Integer(), sa.ForeignKey("staff_users.id", name="fk_leads_owner_id")),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("first_response_at", moment),
        *(
            sa.Column(name, text)
            for name in (
                "utm_source",
                "utm_medium",
                "utm_campaign",
                "utm_term",
                "utm_content",
                "referrer_host",
                "landing_path",
            )
        ),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "lead_addresses",
        sa.Column("kind", text, primary_key=True),
        sa.Column("old_id", sa.Integer(), primary_key=True),
        sa.Column(
            "lead_id",
            sa.Integer(),
            sa.ForeignKey("leads.id", name="fk_lead_addresses_lead_id", ondelete="CASCADE"),
            nullable=False,
        ),
    )


def _move_leads(dialect: str) -> None:
    op.execute(f"INSERT INTO leads (id, {COLUMNS}) SELECT {NEW_ID}, {COLUMNS} FROM ({OLD_LEADS}) old")
    op.execute(
        "INSERT INTO lead_addresses (kind, old_id, lead_id)"
        f" SELECT kind, old_id, {NEW_ID} FROM ({OLD_LEADS}) old"
    )
    if dialect == "postgresql":  # SQLite's AUTOINCREMENT counts from the largest id given
        op.execute(
            "SELECT setval(pg_get_serial_sequence('leads', 'id'),"
            " (SELECT coalesce(max(id), 0) + 1 FROM leads), false)"
        )
    for name, columns in (
        ("ix_leads_list", ["spam", "created_at", "id", "form"]),
        ("ix_leads_form_list", ["form", "spam", "created_at", "id"]),
        ("ix_leads_created_at", ["created_at"]),
        ("ix_leads_email_folded", ["email_folded"]),
    ):
        op.create_index(name, "leads", columns)
    op.create_index("ix_lead_addresses_lead_id", "lead_addresses", ["lead_id"])


def _key_to_leads(table: str, index: str, columns: list[str], nullable: bool) -> None:
    """Points the table's lead_id, rewritten to the new ids, at leads under a cascading key."""
    with op.batch_alter_table(table) as batch:
        batch.drop_index(index)
        batch.drop_column("lead_kind")
        batch.alter_column("lead_id", existing_type=sa.Integer(), nullable=nullable)
        batch.create_foreign_key(f"fk_{table}_lead_id", "leads", ["lead_id"], ["id"], ondelete="CASCADE")
        batch.create_index(index, columns)


def _moved(table: str) -> str:
    """The new id of the lead a row of this table names by its lead_kind and lead_id."""
    return MOVED.format(kind=f"{table}.lead_kind", id=f"{table}.lead_id")


def _move_notes_and_outbox() -> None:
    op.execute(
        "DELETE FROM lead_note_revisions WHERE note_id IN"
        f" (SELECT id FROM lead_notes WHERE {_moved('lead_notes')} IS NULL)"
    )
    for table in ("lead_notes", "outbox"):
        op.execute(f"DELETE FROM {table} WHERE lead_kind IS NOT NULL AND {_moved(table)} IS NULL")
        op.execute(f"UPDATE {table} SET lead_id = {_moved(table)} WHERE lead_kind IS NOT NULL")
    _key_to_leads("lead_notes", "ix_lead_notes_lead", ["lead_id", "id"], nullable=False)
    _key_to_leads("outbox", "ix_outbox_lead", ["lead_id"], nullable=True)


def _move_idempotency_keys() -> None:
    kind = (
        "CASE idempotency_keys.record_table WHEN 'contact_messages' THEN 'contact'"
        " WHEN 'quote_requests' THEN 'quote' END"
    )
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("lead_id", sa.Integer()))
        batch.add_column(sa.Column("consent_id", sa.Integer()))
    lead = MOVED.format(kind=kind, id="idempotency_keys.record_id")
    consent = "(SELECT c.id FROM consent_records c WHERE c.id = idempotency_keys.record_id)"
    op.execute(
        f"UPDATE idempotency_keys SET lead_id = {lead}"
        " WHERE record_table IN ('contact_messages', 'quote_requests')"
    )
    op.execute(f"UPDATE idempotency_keys SET consent_id = {consent} WHERE record_table = 'consent_records'")
    op.execute(
        "DELETE FROM idempotency_keys"
        " WHERE record_table IS NOT NULL AND lead_id IS NULL AND consent_id IS NULL"
    )
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_index("ix_idempotency_keys_record")
        batch.drop_column("record_table")
        batch.drop_column("record_id")
        batch.create_foreign_key(
            "fk_idempotency_keys_lead_id", "leads", ["lead_id"], ["id"], ondelete="CASCADE"
        )
        batch.create_foreign_key(
            "fk_idempotency_keys_consent_id", "consent_records", ["consent_id"], ["id"], ondelete="CASCADE"
        )
        batch.create_index("ix_idempotency_keys_lead_id", ["lead_id"])
        batch.create_index("ix_idempotency_keys_consent_id", ["consent_id"])


def _move_audit_trail(dialect: str) -> None:
    rewrite = f"UPDATE audit_events SET lead_id = {_moved('audit_events')} WHERE lead_kind IS NOT NULL"
    if dialect == "postgresql":
        op.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only")
        op.execute(rewrite)
        op.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only")
        op.drop_column("audit_events", "lead_kind")
        return
    for action in ("update", "delete"):
        op.execute(f"DROP TRIGGER audit_events_no_{action}")
    op.execute(rewrite)
    with op.batch_alter_table("audit_events") as batch:
        batch.drop_column("lead_kind")
    for action in ("update", "delete"):
        op.execute(
            f"CREATE TRIGGER audit_events_no_{action} BEFORE {action.upper()} ON audit_events"
            f" BEGIN SELECT RAISE(ABORT, '{AUDIT_GUARD}'); END"
        )


def _drop_old_tables(dialect: str) -> None:
    if dialect == "sqlite":  # their triggers go with the lead tables
        for kind in ("contact", "quote"):
            op.execute(f"DROP TABLE lead_search_{kind}_words")
            op.execute(f"DROP TABLE lead_search_{kind}_parts")
    op.drop_table("contact_messages")  # PostgreSQL's search columns and indexes go with them
    op.drop_table("quote_requests")


def _postgresql_search(connection: sa.Connection) -> None:
    """0008's generated columns and GIN indexes, over the one table. pg_trgm is there since 0008."""
    schema = connection.execute(
        sa.text(
            "SELECT nspname FROM pg_extension JOIN pg_namespace ON pg_namespace.oid = extnamespace"
            " WHERE extname = 'pg_trgm'"
        )
    ).scalar_one()
    opclass = '"{}".gin_trgm_ops'.format(schema.replace('"', '""'))
    words = " || ' ' || ".join(f"coalesce({column}, '')" for column in SEARCHED)
    punctuation, spaces = _sql_text(string.punctuation), _sql_text(" " * len(string.punctuation))
    phone = f"translate(coalesce(phone, ''), {_sql_text(PHONE_SEPARATORS)}, '')"
    op.execute(
        "ALTER TABLE leads ADD COLUMN search_vector tsvector GENERATED ALWAYS AS"
        f" (to_tsvector('simple'::regconfig, translate({words}, {punctuation}, {spaces}))) STORED,"
        f" ADD COLUMN search_parts text GENERATED ALWAYS AS (lower(email || E'\\n' || {phone})) STORED"
    )
    op.execute("CREATE INDEX ix_leads_search_vector ON leads USING gin (search_vector)")
    op.execute(f"CREATE INDEX ix_leads_search_parts ON leads USING gin (search_parts {opclass})")


def _sqlite_values(row: str) -> tuple[str, str, str]:
    """A row's key, words and parts in the search tables (`new.`, `old.` or the table's own): the
    key is the minute of its time times KEY_SPAN, plus its id, as 0009 keyed them."""
    minute = f"max(coalesce(CAST(strftime('%s', {row}created_at) AS INTEGER), 0) / 60, 0)"
    words = " || ' ' || ".join(f"coalesce({row}{column}, '')" for column in SEARCHED)
    phone = f"coalesce({row}phone, '')"
    for char in PHONE_SEPARATORS:
        phone = f"replace({phone}, {_sql_text(char)}, '')"
    return f"{minute} * {KEY_SPAN} + {row}id", words, f"{row}email || char(10) || {phone}"


def _sqlite_search() -> None:
    """0009's FTS5 tables and triggers, over the one table, filled from it."""
    words, parts = "lead_search_words", "lead_search_parts"
    op.execute(
        f"CREATE VIRTUAL TABLE {words} USING fts5(text, content='', prefix='1 2 3 4 5 6 7 8',"
        f" tokenize=\"unicode61 remove_diacritics 0 separators '{SQLITE_SEPARATORS}'\")"
    )
    op.execute(f"CREATE VIRTUAL TABLE {parts} USING fts5(text, content='', tokenize='trigram')")
    row_key, row_words, row_parts = _sqlite_values("")
    op.execute(f"INSERT INTO {words}(rowid, text) SELECT {row_key}, {row_words} FROM leads")
    op.execute(f"INSERT INTO {parts}(rowid, text) SELECT {row_key}, {row_parts} FROM leads")
    new_key, new_words, new_parts = _sqlite_values("new.")
    old_key, old_words, old_parts = _sqlite_values("old.")
    add = (
        f"INSERT INTO {words}(rowid, text) VALUES ({new_key}, {new_words});"
        f" INSERT INTO {parts}(rowid, text) VALUES ({new_key}, {new_parts});"
    )
    # A contentless table forgets a row when told the very values it was given.
    remove = (
        f"INSERT INTO {words}({words}, rowid, text) VALUES ('delete', {old_key}, {old_words});"
        f" INSERT INTO {parts}({parts}, rowid, text) VALUES ('delete', {old_key}, {old_parts});"
    )
    watched = ", ".join(("id", "created_at", *SEARCHED))
    op.execute(f"CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN {add} END")
    op.execute(f"CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN {remove} END")
    op.execute(
        f"CREATE TRIGGER leads_search_update AFTER UPDATE OF {watched} ON leads BEGIN {remove} {add} END"
    )


def upgrade() -> None:
    connection = op.get_bind()
    dialect = connection.dialect.name
    _create_leads()
    _move_leads(dialect)
    _move_notes_and_outbox()
    _move_idempotency_keys()
    _move_audit_trail(dialect)
    _drop_old_tables(dialect)
    if dialect == "postgresql":
        _postgresql_search(connection)
    elif dialect == "sqlite":
        _sqlite_search()


def downgrade() -> None:
    raise NotImplementedError("0020 has no way down: restore the backup taken before upgrading to it")
