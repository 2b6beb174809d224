"""One person across addresses: sales and admins merge another lead's person into a lead's, every
address of theirs with it, so that each lead's page shows the others, their notes, messages and next
steps; a merge of people merged before joins them all, and an undo splits back exactly what its
merge joined (a later merge of them undone first). People who may be the same are suggested by the
phone in E.164 or the name and company. An erasure of any address of a merged person takes them all,
said before it runs, in the inbox and on the command line; a purge forgets a person with no lead
left. Everything is on the audit trail, and no body is answered with a 5xx."""

import json
from datetime import UTC, date, datetime, timedelta

import flask_migrate
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from lead_service import create_app, retention
from lead_service.extensions import db
from lead_service.models.leads import Lead
from lead_service.models.people import PersonAddress, PersonMerge, PersonMergeMove
from lead_service.models.staff import LeadNote, StaffUser

from ..conftest import contact, quote

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
LEAD = "/api/inbox/leads/{}"


def _merge(client, lead_id, other_id):
    return client.post(f"/api/inbox/leads/{lead_id}/person/merge", json={"lead_id": other_id})


def _undo(client, merge_id):
    return client.post(f"/api/inbox/person-merges/{merge_id}/undo")


def _person(client, lead_id):
    return client.get(LEAD.format(lead_id)).json["person"]


def _other_leads(client, lead_id):
    return [lead["id"] for lead in _person(client, lead_id)["leads"]]


def _suggested(client, lead_id):
    answer = client.get(f"/api/inbox/leads/{lead_id}/person/suggestions")
    assert answer.status_code == 200, answer.json
    return [(found["lead_id"], found["why"]) for found in answer.json["suggestions"]]


def test_a_merged_persons_leads_notes_and_next_steps_show_on_each_of_their_pages(
    signed_in, add, app, audit_trail
):
    client = signed_in("sales")
    work, home, again, stranger = add(
        contact("Mina Lee", at=T0, email="Mina@Work.example"),
        quote("Mina Lee", at=T0 + timedelta(days=1), email="mina@home.example"),
        contact("Mina Lee", at=T0 + timedelta(days=2), email="MINA@home.example"),
        contact("Bo Other", at=T0, email="bo@elsewhere.example"),
    )
    with app.app_context():
        author = db.session.scalars(db.select(StaffUser.id)).one()
        db.session.add(LeadNote(lead_id=home, author_id=author, body="Rang her at home.", created_at=T0))
        db.session.get(Lead, again).next_step_on = date(2026, 12, 1)
        db.session.get(Lead, again).next_step = "Send the quote."
        db.session.commit()
    assert _other_leads(client, work) == []

    merged = _merge(client, work, home)

    assert merged.status_code == 200, merged.json
    assert merged.json["addresses"] == ["mina@home.example", "mina@work.example"]
    assert [lead["id"] for lead in merged.json["leads"]] == [home, again]
    assert merged.json["leads"][0]["email"] == "mina@home.example"
    assert merged.json["leads"][1]["next_step"] == {"on": "2026-12-01", "text": "Send the quote."}
    [done] = merged.json["merges"]
    assert done["merged_by"] == {"id": author, "name": "A sales"}
    assert done["addresses"] == ["mina@home.example"]
    assert ("note", home, "Rang her at home.") in [
        (event["kind"], event["lead_id"], event["text"]) for event in merged.json["history"]
    ]
    # Every page of theirs shows the one person, and nobody else's.
    assert _other_leads(client, home) == [work, again]
    assert _person(client, again)["merges"] == merged.json["merges"]
    assert _other_leads(client, stranger) == []
    [(actor, detail)] = [
        (actor, detail) for action, actor, detail in audit_trail() if action == "person_merged"
    ]
    assert (actor, detail) == (author, {"merge_id": done["id"], "other_lead": home, "addresses": 1})


def test_undo_splits_what_the_merge_joined_and_a_later_merge_is_undone_first(signed_in, add, audit_trail):
    client = signed_in("sales")
    a, b, c, d = add(
        contact("Ann A", email="ann@a.example"),
        contact("Ann B", email="ann@b.example"),
        contact("Ann C", email="ann@c.example"),
        contact("Ann D", email="ann@d.example"),
    )
    first = _merge(client, a, b).json["merges"][0]["id"]
    second = _merge(client, d, c).json["merges"][0]["id"]

    # Two merged people merged: the lead's person takes every address of the other's.
    joined = _merge(client, c, b)
    assert joined.status_code == 200
    assert joined.json["addresses"] == ["ann@a.example", "ann@b.example", "ann@c.example", "ann@d.example"]
    assert sorted(_other_leads(client, a)) == [b, c, d]
    latest = next(merge for merge in joined.json["merges"] if merge["id"] not in (first, second))
    assert latest["addresses"] == ["ann@a.example", "ann@b.example"]
    assert [merge["id"] for merge in joined.json["merges"]] == [second, latest["id"]]

    refused = _undo(client, first)
    assert refused.status_code == 409
    assert refused.json["description"] == "A later merge moved these addresses on: undo that one first."
    undone = _undo(client, latest["id"])
    assert undone.status_code == 200 and undone.json["id"] == latest["id"] and undone.json["undone_at"]

    # Split back into the two people the merge joined, each still merged as before.
    assert _other_leads(client, a) == [b]
    assert sorted(_other_leads(client, c)) == [d]
    assert _undo(client, latest["id"]).json["description"] == "This merge was undone already."
    assert _undo(client, first).status_code == 200
    assert _other_leads(client, a) == []
    assert _other_leads(client, b) == []
    assert [detail for action, _, detail in audit_trail() if action == "person_merge_undone"] == [
        {"merge_id": latest["id"], "addresses": 2},
        {"merge_id": first, "addresses": 1},
    ]


def test_one_person_is_not_merged_with_themselves(signed_in, add, audit_trail):
    client = signed_in("admin")
    first, second = add(contact("Ann A", email="ann@a.example"), contact("Ann A", email="ANN@a.example"))

    for other in (first, second):
        answer = _merge(client, first, other)
        assert answer.status_code == 409
        assert answer.json["description"] == "These leads are one person's already."
    assert [action for action, _, _ in audit_trail()] == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Give the number of a lead of the other person."),
        ({"lead_id": None}, "Give the number of a lead of the other person."),
        ({"lead_id": "7"}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": 1.5}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": True}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": -1}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": 2**31}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": 10**40}, "Give a lead's number, as the inbox shows it."),
        ({"lead_id": 2**31 - 1}, "There is no such lead: it may have been erased."),
    ],
)
def test_a_merge_names_another_lead_or_is_refused_with_why(signed_in, add, body, message):
    client = signed_in("sales")
    [lead_id] = add(contact())

    answer = client.post(f"/api/inbox/leads/{lead_id}/person/merge", json=body)

    assert answer.status_code == 400
    assert answer.json["errors"] == {"lead_id": [message]}


@pytest.fixture
def sales_with_a_lead(signed_in, add):
    """A sales client and a lead (once for all of a property test's examples)."""
    client = signed_in("sales")
    [lead_id] = add(contact())
    return client, lead_id


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children),
        max_leaves=6,
    )
    | st.dictionaries(st.just("lead_id"), st.integers() | st.text() | st.floats(), max_size=1),
    merge_id=st.integers(min_value=0),
)
def test_whatever_a_merge_or_an_undo_is_sent_is_answered_without_a_5xx(sales_with_a_lead, body, merge_id):
    client, lead_id = sales_with_a_lead

    merged = client.post(
        f"/api/inbox/leads/{lead_id}/person/merge", data=json.dumps(body), content_type="application/json"
    )
    undone = _undo(client, merge_id)

    assert merged.status_code in (400, 409), merged.data
    assert merged.is_json
    assert undone.status_code == 404 and undone.is_json


def test_undo_of_no_merge_is_404_and_viewers_neither_merge_nor_undo(signed_in, colleague, add):
    viewer = signed_in("viewer")
    sales, _ = colleague("sales")
    first, second = add(contact("Ann A", email="ann@a.example"), contact("Ann B", email="ann@b.example"))

    assert _undo(sales, 999_999).status_code == 404
    assert _undo(sales, 2**40).status_code == 404
    assert _merge(viewer, first, second).status_code == 403
    merge_id = _merge(sales, first, second).json["merges"][0]["id"]
    assert _undo(viewer, merge_id).status_code == 403
    assert _other_leads(viewer, first) == [second]


def test_people_with_the_same_phone_or_name_and_company_are_suggested(signed_in, add):
    client = signed_in("viewer")
    hour = timedelta(hours=1)
    mina, by_phone, by_name, by_both, spam, unlike, national, her_own = add(
        contact("Mina Lee", at=T0, email="mina@work.example", phone="+1 202-555-0100", company="Harbor"),
        quote("Jo Desk", at=T0 + hour, email="desk@harbor.example", phone="+12025550100"),
        contact(
            "  mina   LEE ", at=T0 + 2 * hour, email="m@home.example", phone="+44207946000", company="HARBOR "
        ),
        contact(
            "Mina Lee", at=T0 + 3 * hour, email="l@else.example", phone="+1 (202) 555-0100", company="Harbor"
        ),
        contact("Mina Lee", at=T0 + 4 * hour, email="spam@x.example", company="Harbor", spam=True),
        contact("Mina Lee", at=T0 + 5 * hour, email="other@x.example", phone="+442079460001", company="Else"),
        contact("Jo Local", at=T0 + 6 * hour, email="local@x.example", phone="2025550100", company="Y"),
        contact("Mina Lee", at=T0 + 7 * hour, email="MINA@work.example", company="Harbor"),
    )

    assert _suggested(client, mina) == [
        (by_both, ["phone", "name_and_company"]),
        (by_name, ["name_and_company"]),
        (by_phone, ["phone"]),
    ]
    # A merged person is one suggestion, by their newest lead found; and no longer the lead's own.
    sales = signed_in("sales", "sales@staff.example")
    _merge(sales, by_phone, by_name)
    assert _suggested(client, mina) == [
        (by_both, ["phone", "name_and_company"]),
        (by_name, ["name_and_company", "phone"]),
    ]
    _merge(sales, mina, by_both)
    assert _suggested(client, her_own) == [(by_name, ["name_and_company", "phone"])]
    del spam, unlike, national


def test_suggestions_are_bounded_and_need_a_phone_or_a_company(signed_in, add, audit_trail):
    client = signed_in("sales")
    # Namesakes without a company or a phone: a name alone is anyone's.
    [lead_id, *_] = add(
        *(contact("Ann A", email=f"ann{n}@b.example", company=None, phone=None) for n in range(3))
    )
    [shared, *others] = add(
        *(contact(f"P{n} Q", at=T0 + timedelta(minutes=n), email=f"p{n}@c.example") for n in range(15))
    )

    assert _suggested(client, lead_id) == []
    suggested = _suggested(client, shared)
    assert len(suggested) == 10
    assert [lead for lead, _ in suggested] == others[::-1][:10]
    assert client.get("/api/inbox/leads/999999/person/suggestions").status_code == 404
    assert [detail for action, _, detail in audit_trail() if action == "duplicates_listed"] == [
        {"rows": 0},
        {"rows": 10},
    ]


def test_an_erasure_of_any_address_of_a_merged_person_takes_them_all_said_before_it_runs(
    signed_in, colleague, add, app, audit_trail
):
    sales, _ = colleague("sales")
    admin = signed_in("admin")
    work, home, stranger = add(
        contact("Mina Lee", email="mina@work.example"),
        quote("Mina Lee", email="Mina@Home.example"),
        contact("Bo Other", email="bo@elsewhere.example"),
    )
    merge_id = _merge(sales, work, home).json["merges"][0]["id"]
    body = {"email": "MINA@home.example", "confirm": "mina@home.example"}

    preview = admin.post("/api/inbox/erase/preview", json=body)
    assert preview.status_code == 200
    assert preview.json == {"addresses": ["mina@home.example", "mina@work.example"]}
    assert admin.post("/api/inbox/erase/preview", json={**body, "confirm": "x@y.example"}).status_code == 400
    assert sales.post("/api/inbox/erase/preview", json=body).status_code == 403

    erased = admin.post("/api/inbox/erase", json=body)

    assert erased.status_code == 200
    assert erased.json["addresses"] == ["mina@home.example", "mina@work.example"]
    assert erased.json["removed"]["contact"] == 1 and erased.json["removed"]["quote"] == 1
    with app.app_context():
        assert db.session.scalars(db.select(Lead.id)).all() == [stranger]
        # Nothing is kept of the addresses; who merged them and when names nobody.
        assert db.session.scalars(db.select(PersonAddress)).all() == []
        assert db.session.scalars(db.select(PersonMergeMove)).all() == []
        assert db.session.get(PersonMerge, merge_id) is not None
    assert _undo(sales, merge_id).json["description"] == (
        "Nothing is left to undo: the addresses it joined were erased."
    )
    events = [detail for action, _, detail in audit_trail() if action == "erase"]
    assert [(event["contact"], event["quote"], event["person_addresses"]) for event in events] == [
        (0, 1, 2),
        (1, 0, 2),
    ]
    assert [detail for action, _, detail in audit_trail() if action == "erasure_previewed"] == [
        {"addresses": 2}
    ]
    # Erased again, either address says when.
    again = admin.post(
        "/api/inbox/erase", json={"email": "mina@work.example", "confirm": "mina@work.example"}
    )
    assert again.json["addresses"] == ["mina@work.example"] and again.json["erased_before"] is not None


def test_the_command_line_erasure_names_a_merged_persons_addresses_and_asks_first(
    signed_in, add, app, runner
):
    sales = signed_in("sales")
    work, home = add(
        contact("Mina Lee", email="mina@work.example"), quote("Mina Lee", email="mina@home.example")
    )
    _merge(sales, work, home)

    declined = runner.invoke(args=["leads", "erase", "--email", "mina@work.example"], input="n\n")

    assert declined.exit_code == 1
    assert "mina@work.example is one of a merged person's 2 addresses, erased as one:" in declined.output
    assert "  mina@home.example\n  mina@work.example\n" in declined.output
    with app.app_context():
        assert len(db.session.scalars(db.select(Lead.id)).all()) == 2
    erased = runner.invoke(args=["leads", "erase", "--email", "mina@work.example"], input="y\n")
    assert erased.exit_code == 0, erased.output
    assert "removed 1 contact message(s), 1 quote request(s)" in erased.output
    assert "sent with mina@home.example or mina@work.example" in erased.output
    with app.app_context():
        assert db.session.scalars(db.select(Lead.id)).all() == []
        assert db.session.scalars(db.select(PersonAddress)).all() == []


def test_a_restored_backups_merges_of_erased_addresses_are_forgotten_again(signed_in, add, app):
    sales = signed_in("sales")
    work, home = add(
        contact("Mina Lee", email="mina@work.example"), quote("Mina Lee", email="mina@home.example")
    )
    _merge(sales, work, home)
    later = datetime.now(UTC) + timedelta(minutes=1)

    with app.app_context():
        erased = {
            retention.address_hash(address): later for address in ("mina@work.example", "mina@home.example")
        }
        retention.erase_again(erased)
        assert db.session.scalars(db.select(Lead.id)).all() == []
        assert db.session.scalars(db.select(PersonAddress)).all() == []


def test_a_purge_forgets_a_merged_person_once_none_of_their_addresses_has_a_lead(signed_in, add, app, runner):
    sales = signed_in("sales")
    old = datetime.now(UTC) - timedelta(days=400)
    work, home, kept_work, kept_home = add(
        contact("Mina Lee", at=old, email="mina@work.example"),
        quote("Mina Lee", at=old, email="mina@home.example"),
        contact("Bo Lee", at=old, email="bo@work.example"),
        contact("Bo Lee", email="bo@home.example"),
    )
    _merge(sales, work, home)
    _merge(sales, kept_work, kept_home)

    assert runner.invoke(args=["leads", "purge", "--older-than", "365"]).exit_code == 0

    with app.app_context():
        left = db.session.scalars(db.select(PersonAddress.address)).all()
    # Bo's newer lead holds their person together, their older address with it.
    assert left == ["bo@home.example"]
    assert _person(sales, kept_home)["addresses"] == ["bo@home.example", "bo@work.example"]


def test_the_migration_folds_the_stored_leads_phones_names_and_companies(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"})
    with app.app_context():
        flask_migrate.upgrade(revision="0031")
        insert = text(
            "INSERT INTO leads (form, name, company, email, email_folded, phone, message, created_at)"
            " VALUES ('contact', :name, :company, 'a@b.example', 'a@b.example', :phone, 'm', :at)"
        )
        with db.engine.begin() as connection:
            for name, company, phone in [
                (" Mina  Lee", "HARBOR", "+1 (202) 555-0100"),
                ("Bo", None, "2025550100"),
                ("Jo", "", None),
            ]:
                connection.execute(insert, {"name": name, "company": company, "phone": phone, "at": T0})
        flask_migrate.upgrade(revision="0032")
        with db.engine.connect() as connection:
            folded = connection.execute(
                text("SELECT phone_e164, name_company_folded FROM leads ORDER BY id")
            ).all()
        db.engine.dispose()

    assert folded == [("+12025550100", "mina lee\nharbor"), (None, None), (None, None)]
