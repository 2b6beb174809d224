"""A person erased from the inbox's page by an admin, in a real Chromium over SQLite and PostgreSQL:
the receipt counts what went (a note and a reply among it), and, read through SQL, nothing of the
person is left in any column of any table (SQLite's FTS5 search tables and PostgreSQL's search
columns included); the audit trail keeps a keyed hash of the address, never the address, and knows
the person when erased again. The page is the admins' alone."""

import json
import re

import pytest
import requests
from sqlalchemy import inspect, text

from lead_service.tests.samples import CONTACT, QUOTE

from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e

ADDRESS = "zofia.quellbrook@quellbrook.io"
PERSON = {
    "name": "Zofia Quellbrook",
    "company": "Quellbrook Atelier",
    "phone": "+49 151 2345 9876",
}
# What the person sent that nobody else did: the address, a word of their name and company, their
# phone's digits (as stored in E.164 and as the search keeps them), a word of their message, project
# and the note and reply on them.
TRACES = (
    ADDRESS,
    "quellbrook",
    "zofia",
    "15123459876",
    "atriumwork",
    "glasshouse",
    "rang zofia",
    "dear zofia",
)


def _post(inbox, path: str, lead: dict, key: str | None = None) -> None:
    headers = {"Idempotency-Key": key} if key else {}
    response = requests.post(f"{inbox.site}{path}", json=lead, headers=headers, timeout=10)
    assert response.status_code == 201, response.text


def _text_holding(inbox, trace: str) -> list[str]:
    """Every table.column, of every table of the database, with a value holding `trace` (any case)."""
    found = []
    with inbox.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            # Every table: FTS5's virtual tables and their shadow tables too.
            tables = connection.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'")).scalars()
            for table in list(tables):
                rows = connection.execute(text(f'SELECT * FROM "{table}"'))
                for row in rows.mappings():
                    found += [
                        f"{table}.{column}"
                        for column, value in row.items()
                        if isinstance(value, str) and trace in value.lower()
                    ]
        else:
            for table in inspect(connection).get_table_names():
                for column in inspect(connection).get_columns(table):
                    name = column["name"]
                    # Every type as text: a tsvector's words, a JSON's values, a bytea's bytes.
                    query = f'SELECT count(*) FROM "{table}" WHERE lower("{name}"::text) LIKE :trace'
                    if connection.execute(text(query), {"trace": f"%{trace}%"}).scalar():
                        found.append(f"{table}.{name}")
    return sorted(set(found))


def _searchable(inbox, trace: str) -> list[str]:
    """The SQLite FTS5 search tables in which `trace` is still found, as the inbox's search asks them
    (a contentless table keeps no text to read back: only a match tells what it holds)."""
    found = []
    with inbox.engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            return []
        tables = connection.execute(
            text("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'")
        ).scalars()
        for table in list(tables):
            query = text(f'SELECT count(*) FROM "{table}" WHERE "{table}" MATCH :phrase')
            if connection.execute(query, {"phrase": f'"{trace}"'}).scalar():
                found.append(table)
    return found


def _in_index_blocks(inbox, fragment: bytes) -> list[str]:
    """The SQLite FTS5 shadow tables whose blocks still hold `fragment`: a deleted row's words stay
    in an index's segments until they merge. A word is stored after the part it shares with the
    word before it, so the fragment is the end of a word."""
    with inbox.engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            return []
        tables = connection.execute(
            text("SELECT name FROM sqlite_master WHERE name LIKE '%\\_data' ESCAPE '\\'")
        )
        return [
            table
            for table in tables.scalars().all()
            if any(
                fragment in bytes(block or b"")
                for block in connection.execute(text(f'SELECT block FROM "{table}"')).scalars()
            )
        ]


def _left(inbox) -> dict[str, list[str]]:
    """Where each trace of the person is left, as text or in a search table."""
    left = {trace: _text_holding(inbox, trace) + _searchable(inbox, trace) for trace in TRACES}
    return {trace: places for trace, places in left.items() if places}


def _erase(page, email: str, confirm: str) -> None:
    form = page.get_by_role("form", name="Erase a person")
    form.get_by_label("E-mail address").fill(email)
    form.get_by_label("Type the address again").fill(confirm)
    form.get_by_role("button", name="Erase everything of this address").click()


def _receipt(page) -> dict[str, str]:
    receipt = page.get_by_role("region", name=re.compile("^Erased: "))
    receipt.locator("li").first.wait_for()
    return dict(line.split(": ") for line in receipt.locator("li").all_inner_texts())


def test_an_admin_erases_a_person_and_nothing_of_them_is_left(inbox, browse):
    _post(inbox, "/api/contact", {**CONTACT, **PERSON, "email": ADDRESS, "message": "Atriumwork"}, "erase-k1")
    _post(inbox, "/api/contact", {**CONTACT, **PERSON, "email": ADDRESS.upper(), "message": "Again"})
    _post(inbox, "/api/quote", {**QUOTE, **PERSON, "email": ADDRESS, "project": "A glasshouse"})
    _post(inbox, "/api/contact", {**CONTACT, "email": "bystander@harbor.io"})
    page = browse()
    sign_in(page, "eraser@staff.example", next_code(inbox.enrolled_staff("eraser@staff.example", "admin")))
    with inbox.engine.connect() as connection:
        quote = connection.execute(
            text("SELECT id FROM leads WHERE form = 'quote' AND email = :to"), {"to": ADDRESS}
        )
        open_signed_in(page, f"/inbox/leads/{quote.scalar_one()}")
    page.get_by_label("New note").fill("Rang Zofia about the glasshouse.")
    page.get_by_role("button", name="Add note").click()
    page.locator("[data-note]").filter(has_text="Rang Zofia").wait_for()
    page.get_by_label("Reply by e-mail").fill("Dear Zofia, the glasshouse plans follow.")
    page.get_by_role("button", name="Send reply").click()
    page.locator("[data-message]").filter(has_text="Dear Zofia").wait_for()
    # The scan sees the person everywhere they are, search tables included, before the erasure.
    assert set(_left(inbox)) == set(TRACES)
    sqlite = inbox.database.startswith("sqlite")
    assert bool(_in_index_blocks(inbox, b"llbrook")) == sqlite

    page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Erase").click()
    page.get_by_role("heading", name="Erase a person").wait_for()
    _erase(page, ADDRESS, "zofia.quellbrook@quellbrook.com")
    page.get_by_role("alert").filter(has_text="Type the same address again.").wait_for()
    assert page.get_by_label("E-mail address").input_value() == ADDRESS
    assert _left(inbox), "a refused erasure erased something"

    _erase(page, f" {ADDRESS.title()}", ADDRESS)
    assert _receipt(page) == {
        "Contact messages": "2",
        "Quote requests": "1",
        "Notes": "1",
        "Notifications": "4",
        "Request keys": "1",
        "Messages": "1",
    }
    assert page.get_by_label("E-mail address").input_value() == ""
    assert _left(inbox) == {}
    assert _in_index_blocks(inbox, b"llbrook") == []
    with inbox.engine.connect() as connection:
        kept = connection.execute(text("SELECT email FROM leads")).scalars().all()
        [(actor, detail)] = connection.execute(
            text("SELECT actor_id, detail FROM audit_events WHERE action = 'erase'")
        ).all()
    assert "bystander@harbor.io" in kept
    assert actor is not None
    detail = json.loads(detail)
    assert re.fullmatch(r"[0-9a-f]{64}", detail.pop("address_hash"))
    assert detail == {"contact": 2, "quote": 1, "notes": 1, "notifications": 4, "keys": 1, "messages": 1}

    # The same person again: nothing left to remove, and the page says they were erased before.
    _erase(page, ADDRESS.upper(), ADDRESS)
    page.get_by_text("This address was erased before, last on").wait_for()
    assert set(_receipt(page).values()) == {"0"}
    page.goto("/inbox/audit?action=erase")
    rows = page.locator("tbody tr[data-action=erase]")
    rows.nth(1).wait_for()
    assert re.search(r"address hash: [0-9a-f]{64}", rows.first.inner_text())
    assert "quellbrook" not in page.locator("main").inner_text().lower()
    assert _left(inbox) == {}


def test_the_page_is_the_admins_alone(inbox, browse):
    page = browse()
    sign_in(page, "seller@staff.example", next_code(inbox.enrolled_staff("seller@staff.example", "sales")))
    assert page.get_by_role("navigation", name="Inbox").get_by_role("link", name="Erase").count() == 0
    page.goto("/inbox/erase")
    page.get_by_text("Only admins erase a person's leads.").wait_for()
    assert page.get_by_role("form", name="Erase a person").count() == 0
