"""Leads stored before every lead shared one table, in a real Chromium over SQLite and PostgreSQL: a
database made at revision 0019, holding contact messages and a quote request with a note, is
upgraded to the newest revision as the servers start on it (migration 0020 moves the leads to new
ids); an old lead address, kept in a bookmark or an e-mail sent before, sends on for good to the
lead's new one, and an old address no lead had is the inbox's not-found page."""

import os
import subprocess
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from sqlalchemy import DateTime, bindparam, create_engine, text

from ...support.inbox import inbox_site, next_code, sign_in
from ...support.servers import BIN, postgres_schema, postgres_url

pytestmark = pytest.mark.e2e

OLD_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
# The leads as they were stored at 0019, each with its old id and its minutes after OLD_AT. Migration
# 0020 numbers the leads in the order they came: the contact messages keep their ids, and the quote
# request, last to come, takes 3, its old id 2 being the second contact message's now.
CONTACTS = [
    {"id": 1, "minutes": 0, "name": "Ola Contact", "email": "ola@before.example"},
    {"id": 2, "minutes": 10, "name": "Tam Contact", "email": "tam@before.example"},
]
QUOTE = {
    "id": 2,
    "minutes": 20,
    "name": "Quinta Quote",
    "email": "quinta@before.example",
    "project": "A clinic's booking app",
}
NOTE = "Called before the move."


@contextmanager
def _database(kind: str, tmp):
    """A fresh database: (DATABASE_URL, an engine on it)."""
    if kind == "sqlite":
        url = f"sqlite:///{tmp / 'leads.db'}"
        engine = create_engine(url)
        yield url, engine
        engine.dispose()
        return
    with postgres_schema(postgres_url(), "moved") as found:
        yield found


def _upgrade(url: str, home, revision: str) -> None:
    """`lead-service db upgrade <revision>`, as an operator runs it."""
    home.mkdir(exist_ok=True)
    env = {**os.environ, "DATABASE_URL": url, "LEAD_SERVICE_INSTANCE_PATH": str(home)}
    command = [BIN / "lead-service", "db", "upgrade", revision]
    subprocess.run(command, env=env, check=True, capture_output=True)


def _store_at_0019(engine) -> None:
    """The leads, and a colleague's note on the quote request, as the service stored them at 0019."""
    at = bindparam("at", type_=DateTime(timezone=True))
    with engine.begin() as connection:
        for lead in CONTACTS:
            connection.execute(
                text(
                    "INSERT INTO contact_messages (id, created_at, form, name, company, email, email_folded,"
                    " message, spam) VALUES (:id, :at, 'contact', :name, 'Before Ltd', :email, :email,"
                    " 'Hello from before.', false)"
                ).bindparams(at),
                {**lead, "at": OLD_AT + timedelta(minutes=lead["minutes"])},
            )
        connection.execute(
            text(
                "INSERT INTO quote_requests (id, created_at, name, email, email_folded, phone, project,"
                " budget, country, spam) VALUES (:id, :at, :name, :email, :email, '+8801712345678',"
                " :project, '1000$ - 5000$ Estimated', 'Bangladesh', false)"
            ).bindparams(at),
            {**QUOTE, "at": OLD_AT + timedelta(minutes=QUOTE["minutes"])},
        )
        author = connection.execute(
            text(
                "INSERT INTO staff_users (email, name, role, password_hash, created_at, password_changed_at)"
                " VALUES ('before@staff.example', 'Before', 'sales', 'not a hash', :at, :at) RETURNING id"
            ).bindparams(at),
            {"at": OLD_AT},
        ).scalar_one()
        connection.execute(
            text(
                "INSERT INTO lead_notes (lead_kind, lead_id, author_id, created_at, body)"
                " VALUES ('quote', :lead, :author, :at, :body)"
            ).bindparams(at),
            {"lead": QUOTE["id"], "author": author, "at": OLD_AT + timedelta(hours=1), "body": NOTE},
        )


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def inbox(request, tmp_path_factory):
    """The inbox (tests/support/inbox.py) over a database of leads stored at revision 0019, which the
    servers' start upgrades to the newest (servers.prepare_lead_service: `lead-service db upgrade`).
    In place of conftest's `inbox`, for the `browse` fixture to open."""
    tmp = tmp_path_factory.mktemp(f"inbox-moved-{request.param}")
    with _database(request.param, tmp) as (url, engine):
        _upgrade(url, tmp / "service", "0019")
        _store_at_0019(engine)
        with inbox_site(tmp, url, engine) as found:
            yield found


def _path(page) -> str:
    return urlsplit(page.url).path


def test_a_leads_old_address_leads_on_for_good_to_its_new_one(inbox, browse):
    with inbox.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM leads")).scalar_one() == 3  # moved, all
    quote = inbox.lead_id(QUOTE["email"])
    assert quote != QUOTE["id"]  # its old id is another lead's now
    page = browse()
    secret = inbox.enrolled_staff("bookmark@staff.example", "viewer")
    sign_in(page, "bookmark@staff.example", next_code(secret))

    # For good: a browser or a mail client may remember the new address in place of the old.
    moved = page.request.get(f"/inbox/leads/quote/{QUOTE['id']}", max_redirects=0)
    assert moved.status == 308
    assert urlsplit(moved.headers["location"]).path == f"/inbox/leads/{quote}"

    page.goto(f"/inbox/leads/quote/{QUOTE['id']}")
    assert _path(page) == f"/inbox/leads/{quote}"
    page.get_by_role("heading", name=QUOTE["name"]).wait_for()
    assert page.locator("[data-field=project] dd").inner_text() == QUOTE["project"]
    assert page.locator("[data-field=email] dd").inner_text() == QUOTE["email"]
    page.locator("[data-note]").filter(has_text=NOTE).wait_for()  # its note moved with it

    for lead in CONTACTS:
        page.goto(f"/inbox/leads/contact/{lead['id']}")
        assert _path(page) == f"/inbox/leads/{inbox.lead_id(lead['email'])}"
        page.get_by_role("heading", name=lead["name"]).wait_for()


# Old addresses no lead had: each with why.
UNKNOWN = {
    "/inbox/leads/quote/1": "no quote request had it, though lead 1 is there now",
    "/inbox/leads/quote/99": "no quote request had it",
    "/inbox/leads/contact/3": "no contact message had it, though lead 3 is there now",
    "/inbox/leads/quote/two": "no id at all",
    "/inbox/leads/retired/1": "no table of leads was ever called that",
}


def test_an_old_address_no_lead_had_is_the_inboxs_not_found_page(inbox, browse):
    page = browse()
    sign_in(page, "lost@staff.example", next_code(inbox.enrolled_staff("lost@staff.example", "viewer")))
    for address, why in UNKNOWN.items():
        answer = page.goto(address)
        page.get_by_role("heading", name="Not found").wait_for()
        assert (answer.status, _path(page)) == (404, address), why
        assert page.get_by_text("There is no such lead or page").count() == 1, why
