"""Searching the inbox's leads (`q`): by the start of any word, by a part of an e-mail address or a
phone number, every term; the same answers from SQLite's FTS5 and PostgreSQL's tsvector and
trigrams, the index kept in step with the leads, the matches marked, and only the query's length
in the audit trail."""

import json
import os
import random
from datetime import UTC, date, datetime, timedelta
from urllib.parse import quote as urlquote

import flask_migrate
import pytest
import sqlalchemy as sa

from lead_service import create_app, retention
from lead_service.extensions import db
from lead_service.inbox.leads import counts, page, postgresql_search, sqlite_search
from lead_service.inbox.leads.filters import FORM_NAMES, Cursor, Filters
from lead_service.inbox.leads.highlight import highlight, ranges, terms
from lead_service.models.leads import Lead
from lead_service.models.staff import AuditEvent

from ...conftest import DATABASES, _postgres_schema
from ...samples import CONTACT, QUOTE

T0 = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def samples(client, app):
    """The sample contact message (Mina Lee of Harbor & Co, mina@harbor.io, +60123456789) and
    quote request (Tom Berg, tom@berg.dev, +442079460958, "Mobile app"), posted through the API,
    and a spam message that mentions both: their ids by name."""
    mina = client.post("/api/contact", json=CONTACT)
    tom = client.post("/api/quote", json=QUOTE)
    assert mina.status_code == tom.status_code == 201
    with app.app_context():
        spam = Lead(
            form="contact", name="Mina Berg", email="bot@harbor.io", message="Mobile app two", spam=True
        )
        db.session.add(spam)
        db.session.commit()
        assert db.session.get(Lead, tom.json["id"]).form == "quote"
        return {"mina": mina.json["id"], "tom": tom.json["id"], "spam": spam.id}


def _search(client, query, more=""):
    response = client.get(f"/api/inbox/leads?q={urlquote(query)}{more}")
    assert response.status_code == 200, response.json
    return response.json


def _found(client, query, more=""):
    return [lead["id"] for lead in _search(client, query, more)["leads"]]


@pytest.mark.parametrize(
    ("query", "names"),
    [
        # A name, a company, a word of the message or project: the start of a word, any case.
        ("Mina", ["mina"]),
        ("mi", ["mina"]),
        ("LEE", ["mina"]),
        ("harbor", ["mina"]),
        ("two", ["mina"]),
        ("lin", ["mina"]),
        ("ünï", ["mina"]),
        ("ÜNÏCØDÉ", ["mina"]),
        ("mobile", ["tom"]),
        ("berg", ["tom"]),
        # A part of an e-mail address (3 characters or more).
        ("arbor", ["mina"]),
        ("a@harbor.i", ["mina"]),
        ("mina@harbor.io", ["mina"]),
        ("erg.de", ["tom"]),
        # A part of a phone number, however its separators are written.
        ("345", ["mina"]),
        ("2-345 678", ["mina"]),
        ("3456789", ["mina"]),
        ("(12) 345-6789", []),  # 12 starts no word of +60123456789, as the service stores it
        ("7946 0958", ["tom"]),
        ("+4420", ["tom"]),
        ("+44 20", []),  # 20 starts no word of +442079460958, as the service stores it
        ("207946", ["tom"]),
        # Every term, each anywhere.
        ("mina two", ["mina"]),
        ("tom app", ["tom"]),
        ("mina mobile", []),
        # Shorter than 3 characters: the start of a word only, not a part of an address.
        ("na", []),
        ("rb", []),
        # Nothing of the kind.
        ("ina", ["mina"]),  # a part of mina@harbor.io
        ("obile", []),  # inside a word of the project, which is no e-mail address
        ("zebra", []),
    ],
)
def test_search_finds_leads_by_word_starts_and_parts_of_addresses_and_numbers(
    signed_in, samples, query, names
):
    assert _found(signed_in(), query) == [samples[name] for name in names]


def test_search_leaves_spam_out_unless_asked_for(signed_in, samples):
    client = signed_in()

    assert _found(client, "mobile") == [samples["tom"]]
    assert _found(client, "mobile", "&spam=include") == [samples["spam"], samples["tom"]]
    assert _found(client, "mobile", "&spam=only") == [samples["spam"]]


def test_search_counts_per_form_under_the_other_filters(signed_in, samples):
    client = signed_in()

    assert _search(client, "harbor")["counts"] == {"contact": 1, "caseStudiesContact": 0, "quote": 0}
    assert _search(client, "mobile", "&form=contact&spam=include")["counts"] == {
        "contact": 1,
        "caseStudiesContact": 0,
        "quote": 1,
    }
    assert _search(client, "mobile", "&from=2000-01-01&to=2000-01-02")["counts"] == {
        "contact": 0,
        "caseStudiesContact": 0,
        "quote": 0,
    }


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ('"mina"', ["mina"]),
        ("mobile:*", ["tom"]),
        ("(mina)", ["mina"]),
        ("NEAR(mina", []),  # every word of a term: "near" is nowhere
        ("AND", []),
        ("OR NOT", []),
        ("%%%", []),
        ("___", []),
        ("%", []),
        ('"', []),  # nothing to look for finds nothing
        ("*", []),
        ("\\", []),
        ("!&|", []),
        ("'';", []),
    ],
)
def test_search_takes_any_text_as_text(signed_in, samples, query, names):
    """Quotes, operators and wildcards of FTS5, tsquery and LIKE are looked for as written."""
    assert _found(signed_in(), query) == [samples[name] for name in names]


def test_search_terms_with_like_wildcards_match_only_themselves(signed_in, add_contact):
    add_contact(name="Ann", email="ann_lee@x.example")
    add_contact(name="Bob", email="annxlee@x.example")
    client = signed_in()

    assert [lead["name"] for lead in _search(client, "ann_lee")["leads"]] == ["Ann"]


@pytest.fixture
def add_contact(app):
    def add(**values):
        with app.app_context():
            lead = Lead(**{"form": "contact", "name": "X", "email": "x@x.example", "message": "m", **values})
            db.session.add(lead)
            db.session.commit()
            return lead.id

    return add


def test_the_index_follows_inserts_updates_and_deletes(signed_in, samples, app, add_contact):
    client = signed_in()
    new = add_contact(name="Olga Petrova", email="olga@volga.example", phone="+7 495 123-45-67", message="Hi")
    assert _found(client, "petrov") == [new]
    assert _found(client, "volga") == [new]
    assert _found(client, "749-51") == [new]

    with app.app_context():
        lead = db.session.get(Lead, new)
        lead.name = "Olga Ivanova"
        lead.email = "olga@neva.example"
        lead.phone = None
        lead.message = "Changed her mind"
        db.session.commit()
    assert _found(client, "petrov") == []
    assert _found(client, "volga") == []
    assert _found(client, "74951") == []
    assert _found(client, "ivanova") == [new]
    assert _found(client, "neva") == [new]
    assert _found(client, "mind") == [new]

    # A spam flag set later changes the lead, not what it said.
    with app.app_context():
        db.session.get(Lead, new).spam = True
        db.session.commit()
    assert _found(client, "ivanova", "&spam=only") == [new]

    with app.app_context():
        db.session.delete(db.session.get(Lead, new))
        db.session.commit()
    assert _found(client, "ivanova", "&spam=include") == []
    assert _found(client, "mina") == [samples["mina"]]


def test_an_erased_lead_is_found_no_more(signed_in, samples, app):
    client = signed_in()
    with app.app_context():
        retention.erase(CONTACT["email"])

    assert _found(client, "mina") == []
    assert _found(client, "arbor") == []
    assert _found(client, "3456789") == []
    assert _found(client, "tom") == [samples["tom"]]


def test_search_pages_run_newest_first(signed_in, app):
    leads = [
        Lead(
            form="contact",
            name=f"Acme Person{number}",
            email=f"p{number}@acme.example",
            message="m",
            created_at=T0 - timedelta(minutes=number // 3),
        )
        for number in range(60)
    ]
    # Quote requests that do not match, stored among them, each at the time of three of them.
    leads.insert(31, Lead(form="quote", name="Other", email="o@x.example", phone="+1", created_at=T0))
    leads.insert(
        45,
        Lead(
            form="quote", name="Other", email="q@x.example", phone="+1", created_at=T0 - timedelta(minutes=14)
        ),
    )
    with app.app_context():
        db.session.add_all(leads)
        db.session.commit()
    client = signed_in()

    first = _search(client, "acme")
    second = _search(client, "acme", f"&cursor={first['next']}")

    names = [lead["name"] for lead in first["leads"] + second["leads"]]
    # Newest first, three at each time, the last stored of those first.
    assert names == [f"Acme Person{number}" for number in sorted(range(60), key=lambda n: (n // 3, -n))]
    assert second["next"] is None
    assert first["counts"]["contact"] == 60


def test_matches_are_marked_in_the_fields_they_were_found_in(signed_in, samples):
    (mina,) = _search(signed_in(), "arbor two 6789")["leads"]

    assert mina["highlight"] == {
        "email": [
            {"text": "mina@h", "match": False},
            {"text": "arbor", "match": True},
            {"text": ".io", "match": False},
        ],
        "phone": [{"text": "+6012345", "match": False}, {"text": "6789", "match": True}],
        "message": [
            {"text": 'Line one,\nline "', "match": False},
            {"text": "two", "match": True},
            {"text": '"; ünïcødé', "match": False},
        ],
    }


def test_a_phone_part_is_marked_across_its_separators(signed_in, samples, add_contact):
    # A contact message stored before the service read phone numbers kept its number as typed.
    typed = add_contact(name="Early Message", phone="+60 12-345 6789")
    client = signed_in()
    found = {lead["id"]: lead["highlight"]["phone"] for lead in _search(client, "2345")["leads"]}
    (tom,) = _search(client, "7946 0958")["leads"]

    assert found == {
        typed: [
            {"text": "+60 1", "match": False},
            {"text": "2-345", "match": True},
            {"text": " 6789", "match": False},
        ],
        samples["mina"]: [
            {"text": "+601", "match": False},
            {"text": "2345", "match": True},
            {"text": "6789", "match": False},
        ],
    }
    assert tom["highlight"]["phone"] == [
        {"text": "+4420", "match": False},
        {"text": "79460958", "match": True},
    ]


def test_postgresql_compiles_no_search_just_in_time(app):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("PostgreSQL's setting")
        db.engine.dispose()  # a new connection, as each of the service's starts
        assert db.session.execute(sa.text("SHOW jit")).scalar_one() == "off"


def test_search_is_audited_by_its_length_only(signed_in, samples, app):
    client = signed_in()
    query = "  Mina  harbor.io "

    found = _search(client, query)["leads"]
    _search(client, "")  # no search: a page of the list

    with app.app_context():
        events = db.session.scalars(db.select(AuditEvent).order_by(AuditEvent.id)).all()
        assert [(event.action, event.lead_id) for event in events] == [
            ("search", None),
            ("leads_listed", None),
        ]
        assert events[0].actor_id is not None
        assert json.loads(events[0].detail) == {"rows": len(found), "query_length": len(query.strip())}
        assert "mina" not in events[0].detail.lower()


def test_an_invalid_search_is_not_audited(signed_in, app):
    assert signed_in().get("/api/inbox/leads?q=" + "x" * 201).status_code == 400
    with app.app_context():
        assert db.session.scalars(db.select(AuditEvent)).all() == []


# Read newest first -----------------------------------------------------------------------------------
#
# Each database reads a search newest first and stops (PostgreSQL walks the newest leads for a common
# term, and asks its indexes for a rare one; SQLite reads its FTS5 tables in the order of their keys,
# the minute of a lead's time and its id): whichever way, every page is the next of the leads that
# have the terms, in (time, id) order, and the counts stop at COUNT_CAP + 1.

# PostgreSQL's ways to a page (postgresql_search's RECENT); SQLite has one.
READS = {
    "walked": {"RECENT": 10_000},
    "looked up": {"RECENT": 0},
    "walked, then looked up": {"RECENT": 12},
}


@pytest.fixture
def crowd(client, app):
    """90 leads of every form, sent at 15 moments (several at the very same time, more in the same
    minute), stored in an order that is not theirs, so that their ids are not in their times' order:
    their fields by id."""
    rng = random.Random(7)
    moments = [
        T0 - timedelta(minutes=minutes, seconds=seconds, microseconds=micro)
        for minutes in (0, 1, 2, 60, 60 * 24 * 40)
        for seconds, micro in ((0, 0), (0, 0), (17, 250_000), (59, 999_999))
    ]
    leads = []
    for number in range(90):
        common = {
            "name": f"{'Acme' if number % 3 else 'Other'} Person{number}",
            "email": f"p{number}@{'acme' if number % 5 == 0 else 'other'}.example",
            "phone": f"+1 202-555-{number:04d}",
            "created_at": rng.choice(moments),
            "spam": number % 7 == 0,
        }
        if number % 3 == 2:
            leads.append(Lead(**common, form="quote", project="A shop", budget="b"))
        else:
            form = "contact" if number % 2 else "caseStudiesContact"
            leads.append(Lead(**common, form=form, company="Acme Labs", message="Hi there"))
    rng.shuffle(leads)
    with app.app_context():
        db.session.add_all(leads)
        db.session.commit()
        return {
            lead.id: {
                "at": lead.created_at.replace(tzinfo=UTC),
                "form": lead.form,
                "spam": lead.spam,
                "fields": {
                    "name": lead.name,
                    "company": lead.company,
                    "email": lead.email,
                    "phone": lead.phone,
                    "text": lead.message or lead.project,
                },
            }
            for lead in leads
        }


def _expected(crowd, query, filters):
    """The ids of the crowd's leads under the filters that have every term, in the list's order
    (highlight's `ranges` marks exactly what a search finds)."""
    query_terms = terms(query)
    since = datetime.combine(filters.get("since", date.min), datetime.min.time(), UTC)
    before = datetime.combine(
        filters.get("until", date(9998, 1, 1)) + timedelta(days=1), datetime.min.time(), UTC
    )
    found = [
        lead_id
        for lead_id, lead in crowd.items()
        if all(ranges({k: v for k, v in lead["fields"].items() if v}, (term,)) for term in query_terms)
        and (filters.get("spam") == "include" or lead["spam"] == (filters.get("spam") == "only"))
        and filters.get("form") in (None, lead["form"])
        and since <= lead["at"] < before
    ]
    return sorted(found, key=lambda lead_id: (crowd[lead_id]["at"], lead_id), reverse=True)


@pytest.mark.parametrize(
    "query", ["acme", "other", "person1", "p5@", "555-001", "ac", "acme other", "zz", "acme.p", "p5@o"]
)
@pytest.mark.parametrize(
    "filters",
    [
        {},
        {"spam": "include"},
        {"spam": "only"},
        {"form": "caseStudiesContact"},
        {"since": T0.date()},
        {"until": T0.date() - timedelta(days=30)},
    ],
    ids=["hidden spam", "spam included", "spam only", "a form", "since a day", "until a month ago"],
)
def test_every_page_of_a_search_is_the_next_of_its_matches_in_order(app, crowd, monkeypatch, query, filters):
    # The cap as each module that reads it holds it (the statements' cache is keyed by it too).
    for module in (page, postgresql_search, sqlite_search):
        monkeypatch.setattr(module, "COUNT_CAP", 10)
    search = Filters(terms=terms(query), **filters)
    expected = _expected(crowd, query, filters)
    everywhere = _expected(crowd, query, {**filters, "form": None})
    capped = {
        form: min(11, sum(crowd[lead_id]["form"] == form for lead_id in everywhere)) for form in FORM_NAMES
    }
    with app.app_context():
        # SQLite reads a search one way; PostgreSQL each of its ways in turn.
        reads = READS if db.engine.dialect.name == "postgresql" else {"walked": READS["walked"]}
        for read, tuning in reads.items():
            for name, value in tuning.items():
                monkeypatch.setattr(postgresql_search, name, value)
            ids, cursor = [], None
            while True:
                answer = page.page(search, cursor, size=7)
                ids += [lead["id"] for lead in answer["leads"]]
                if answer["next"] is None:
                    break
                cursor = Cursor.decode(answer["next"])
            found = counts.counts(search)
            db.session.rollback()

            assert ids == expected, read
            assert found == capped, read


def test_a_lead_given_another_time_is_found_at_that_time(signed_in, app, add_contact):
    first = add_contact(name="Acme First", created_at=T0)
    later = add_contact(name="Acme Later", created_at=T0 + timedelta(minutes=5))
    client = signed_in()
    assert _found(client, "acme") == [later, first]

    with app.app_context():
        db.session.get(Lead, first).created_at = T0 + timedelta(days=1)
        db.session.commit()

    assert _found(client, "acme") == [first, later]
    assert _found(client, "acme", "&from=2026-03-11") == [first]


# The migration ---------------------------------------------------------------------------------------


@pytest.fixture(params=DATABASES)
def empty_database(request, tmp_path):
    """The settings of a database of its own, with no table yet."""
    if request.param == "sqlite":
        yield {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"}
        return
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL is not set")
    yield from _postgres_schema(url)


def _add_before_0010(name, email):
    """A contact message stored in its table of then, with the columns it had before migration 0010."""
    db.session.execute(
        sa.text(
            "INSERT INTO contact_messages (form, name, email, message, created_at)"
            " VALUES ('contact', :name, :email, 'm', :at)"
        ),
        {"name": name, "email": email, "at": T0},
    )
    db.session.commit()


def _names(query):
    found = sorted(lead["name"] for lead in page.page(Filters(spam="include", terms=terms(query)))["leads"])
    db.session.rollback()  # its read would hold the tables against the migration's changes
    return found


def test_the_migrations_index_stored_leads_and_the_search_goes_down_and_up_again(empty_database):
    """The search's migrations (0008, 0009) go down and up with leads stored before them; 0020,
    which has no way down, makes the search anew over the one table, from every lead stored."""
    app = create_app({**empty_database, "TESTING": True})
    with app.app_context():
        flask_migrate.upgrade(revision="0007")
        _add_before_0010("Before Search", "old@harbor.io")

        flask_migrate.upgrade(revision="0019")
        flask_migrate.downgrade(revision="0007")
        # Without the search, leads are still stored, changed and deleted.
        _add_before_0010("Between Up", "new@harbor.io")
        _add_before_0010("Gone Soon", "gone@harbor.io")
        db.session.execute(sa.text("DELETE FROM contact_messages WHERE name = 'Gone Soon'"))
        db.session.commit()

        flask_migrate.upgrade()
        assert _names("arbor") == ["Before Search", "Between Up"]
        assert _names("before") == ["Before Search"]
        assert _names("between") == ["Between Up"]
        assert _names("gone") == []
        # The search made anew follows the leads from then on.
        db.session.add(Lead(form="quote", name="After Search", email="after@harbor.io", phone="+1"))
        db.session.commit()
        assert _names("arbor") == ["After Search", "Before Search", "Between Up"]
        db.engine.dispose()


# What a search looks for and marks, without a database ----------------------------------------------


def test_terms_are_words_and_parts():
    found = terms("Mina  mina harbor.io +60 (12) ab")

    assert [(term.words, term.parts) for term in found] == [
        (("mina",), ("mina",)),
        (("harbor", "io"), ("harbor.io", "harborio")),
        (("60",), ("+60",)),
        (("12",), ("(12)",)),
        (("ab",), ()),
    ]
    assert terms("-- ..") == ()


def test_a_words_of_a_term_are_marked_only_when_all_start_words():
    marked = highlight({"name": "Harbor Lee", "company": "Io"}, terms("harbor.io lee"))
    unmarked = highlight({"name": "Harbor Lee"}, terms("harbor.io"))

    assert marked["name"] == [
        {"text": "Harbor", "match": True},
        {"text": " ", "match": False},
        {"text": "Lee", "match": True},
    ]
    assert marked["company"] == [{"text": "Io", "match": True}]
    assert unmarked == {}


def test_a_long_text_is_marked_around_its_first_match():
    message = "x" * 300 + " budget " + "y" * 300

    (segments,) = highlight({"message": message}, terms("budget"), excerpt=["message"]).values()

    assert segments[0]["text"].startswith("…")
    assert segments[1] == {"text": "budget", "match": True}
    assert segments[2]["text"].endswith("…")
    assert sum(len(segment["text"]) for segment in segments) <= 162
