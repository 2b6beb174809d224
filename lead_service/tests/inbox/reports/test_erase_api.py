"""POST /api/inbox/erase: an admin erases a person's leads of every form, with their notes (and
the notes' earlier texts), notifications, request keys and old addresses, and gets a receipt, its
counts of contact messages and quote requests apart; the audit trail
keeps the counts and a keyed hash of the address, by which a second erasure of the same person is
recognised; the address is typed twice; nobody but an admin erases. `leads erase` on the command
line leaves the same event."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lead_service.extensions import db
from lead_service.models.leads import IdempotencyKey, Lead, LeadAddress
from lead_service.models.staff import AuditEvent, LeadNote, LeadNoteRevision

from ...samples import CONTACT, QUOTE

ERASE = "/api/inbox/erase"
ADDRESS = "erase.me@harbor.io"
NOTHING = {"contact": 0, "quote": 0, "notes": 0, "notifications": 0, "keys": 0, "messages": 0}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
# Mostly the two fields, with addresses, near-addresses and every code point (lone surrogates too).
addresses = (
    json_values
    | st.emails().map(str)
    | st.text(st.characters(exclude_categories=()), max_size=300)
    | st.sampled_from([ADDRESS, ADDRESS.upper(), f" {ADDRESS}\n", "@", "a@b", "x" * 300 + "@b.io"])
)
erasure_like = st.dictionaries(
    st.sampled_from(["email", "confirm"]) | st.text(max_size=8), addresses, max_size=3
)


@pytest.fixture
def person(app, client, staff_user):
    """Two contact messages and a quote request sent with ADDRESS (in any capitals, one with a
    request key), a corrected note on the quote, the quote's address from before the one table, and
    someone else's lead beside them, with its own."""
    client.post(
        "/api/contact", json={**CONTACT, "email": "Erase.Me@Harbor.io"}, headers={"Idempotency-Key": "k1"}
    )
    client.post("/api/contact", json={**CONTACT, "email": ADDRESS, "message": "Again"})
    quote_id = client.post("/api/quote", json={**QUOTE, "email": ADDRESS}).json["id"]
    kept_id = client.post(
        "/api/contact", json={**CONTACT, "email": "kept@harbor.io"}, headers={"Idempotency-Key": "k2"}
    ).json["id"]
    author = staff_user("sales", "notes@staff.example")
    with app.app_context():
        db.session.add_all(
            [
                LeadAddress(kind="quote", old_id=4, lead_id=quote_id),
                LeadAddress(kind="contact", old_id=4, lead_id=kept_id),
            ]
        )
        note = LeadNote(lead_id=quote_id, author_id=author, body="Rang Tom")
        db.session.add(note)
        db.session.flush()
        earlier = LeadNoteRevision(
            note_id=note.id, body="Rang Tom Berg", replaced_at=note.created_at, replaced_by=author
        )
        db.session.add(earlier)
        db.session.commit()


@pytest.fixture
def admin(signed_in):
    """A client signed in as an admin (once for all of a property test's examples)."""
    return signed_in("admin")


def _erase(client, email=ADDRESS, confirm=ADDRESS):
    return client.post(ERASE, json={"email": email, "confirm": confirm})


def _emails(client, query):
    return [lead["email"] for lead in client.get(f"/api/inbox/leads?q={query}").json["leads"]]


def test_an_admin_erases_a_person_and_gets_a_receipt(signed_in, person, app, rows, audit_trail):
    client = signed_in("admin")

    answer = _erase(client, email=" ERASE.me@harbor.io", confirm="erase.ME@harbor.io ")

    assert answer.status_code == 200
    assert answer.json == {
        "removed": {"contact": 2, "quote": 1, "notes": 1, "notifications": 3, "keys": 1, "messages": 0},
        "erased_before": None,
        "addresses": ["erase.me@harbor.io"],
    }
    assert [row.email for row in rows("contact")] == ["kept@harbor.io"]
    assert rows("quote") == []
    [kept] = rows("leads")
    assert [row.lead_id for row in rows("outbox")] == [kept.id]
    with app.app_context():
        keys = db.session.execute(db.select(IdempotencyKey.key, IdempotencyKey.lead_id)).all()
        assert [tuple(key) for key in keys] == [("k2", kept.id)]
        assert db.session.scalars(db.select(LeadNote)).all() == []
        assert db.session.scalars(db.select(LeadNoteRevision)).all() == []
        addresses = db.session.execute(db.select(LeadAddress.kind, LeadAddress.lead_id)).all()
        assert [tuple(address) for address in addresses] == [("contact", kept.id)]
        assert db.session.scalar(db.select(db.func.count()).select_from(Lead)) == 1
    assert _emails(client, "harbor") == ["kept@harbor.io"]
    assert _emails(client, "erase") == []
    [(_, actor, detail)] = [event for event in audit_trail() if event[0] == "erase"]
    assert actor is not None
    assert detail == {**answer.json["removed"], "address_hash": detail["address_hash"]}
    assert len(detail["address_hash"]) == 64
    assert "harbor" not in str(detail).lower()


def test_the_same_person_erased_again_is_recognised(signed_in, person, app, audit_trail):
    client = signed_in("admin")
    _erase(client)
    with app.app_context():
        first = db.session.scalars(db.select(AuditEvent).where(AuditEvent.action == "erase")).one()
        first_at = first.at

    again = _erase(client, email="Erase.Me@harbor.io", confirm="erase.me@HARBOR.io")
    someone_else = _erase(client, email="never@harbor.io", confirm="never@harbor.io")

    assert again.status_code == someone_else.status_code == 200
    assert again.json["removed"] == someone_else.json["removed"] == NOTHING
    assert again.json["erased_before"][:19] == first_at.isoformat()[:19]
    assert someone_else.json["erased_before"] is None
    hashes = [detail["address_hash"] for action, _actor, detail in audit_trail() if action == "erase"]
    assert len(hashes) == 3 and hashes[0] == hashes[1] != hashes[2]


def test_an_erasure_the_ledger_cannot_take_erases_nothing(
    signed_in, person, app, rows, audit_trail, tmp_path, monkeypatch
):
    # Its folder is a file: no line can be written, and a restore would bring the person back.
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setitem(app.config, "ERASURE_LEDGER_PATH", str(tmp_path / "not-a-folder" / "erasures.jsonl"))

    answer = _erase(signed_in("admin"))

    assert answer.status_code == 500
    assert len(rows("leads")) == 4
    assert "erase" not in [action for action, _actor, _detail in audit_trail()]


@pytest.mark.parametrize("role", ["viewer", "sales"])
def test_only_admins_erase(signed_in, person, rows, role, audit_trail):
    response = _erase(signed_in(role))

    assert response.status_code == 403
    assert len(rows("contact")) == 3
    assert "erase" not in [action for action, _actor, _detail in audit_trail()]


def test_a_change_from_elsewhere_is_refused(signed_in, person, rows):
    client = signed_in("admin")
    client.environ_base["HTTP_X_CSRF_TOKEN"] = "stale"

    assert _erase(client).status_code == 403
    assert len(rows("contact")) == 3


def test_without_a_session_nothing_is_erased(client, person, rows):
    assert _erase(client).status_code == 401
    assert len(rows("contact")) == 3


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"email": ADDRESS, "confirm": "erase.me@harbor.com"}, {"confirm": ["Type the same address again."]}),
        ({"email": ADDRESS}, {"confirm": ["Type the address again."]}),
        (
            {"email": "  ", "confirm": None},
            {"email": ["Give the address to erase."], "confirm": ["Type the address again."]},
        ),
        ({}, {"email": ["Give the address to erase."], "confirm": ["Type the address again."]}),
        ({"email": "erase.me", "confirm": "erase.me"}, "address"),
        ({"email": "a b@harbor.io", "confirm": "a b@harbor.io"}, "address"),
        ({"email": f"{'x' * 250}@harbor.io", "confirm": f"{'x' * 250}@harbor.io"}, "characters"),
        ({"email": "erase.me@harbor.io\nBcc: x@y.z", "confirm": ADDRESS}, "one line"),
        ({"email": "erase.me@harbor.io\u202e", "confirm": ADDRESS}, "one line"),
        ({"email": "\ud800@harbor.io", "confirm": ADDRESS}, "cannot accept"),
        ({"email": ["erase.me@harbor.io"], "confirm": 5}, "text"),
        ([ADDRESS, ADDRESS], "JSON object"),
        ("erase.me@harbor.io", "JSON object"),
        (None, "JSON object"),
    ],
)
def test_the_address_must_be_typed_twice_the_same(signed_in, person, rows, audit_trail, body, errors):
    response = signed_in("admin").post(ERASE, data=json.dumps(body), content_type="application/json")

    assert response.status_code == 400
    if isinstance(errors, dict):
        assert response.json["errors"] == errors
    else:
        assert errors in str(response.json["errors"])
    assert len(rows("contact")) == 3
    assert audit_trail() == []


def test_a_body_that_is_not_json_is_refused(signed_in, person, rows):
    client = signed_in("admin")

    assert (
        client.post(ERASE, data="email=x", content_type="application/x-www-form-urlencoded").status_code
        == 415
    )
    assert client.post(ERASE, data="{", content_type="application/json").status_code == 400
    assert len(rows("contact")) == 3


def test_the_command_line_erasure_is_on_the_trail_with_nobody_as_actor(runner, person, rows, audit_trail):
    first = runner.invoke(args=["leads", "erase", "--email", ADDRESS])
    again = runner.invoke(args=["leads", "erase", "--email", ADDRESS.upper()])

    assert first.exit_code == again.exit_code == 0
    assert "erased before" not in first.output
    assert "this address was erased before, last on " in again.output
    assert [row.email for row in rows("contact")] == ["kept@harbor.io"]
    [(_, actor, detail), (_, _, detail_again)] = [event for event in audit_trail() if event[0] == "erase"]
    assert actor is None
    assert detail == {
        "contact": 2,
        "quote": 1,
        "notes": 1,
        "notifications": 3,
        "keys": 1,
        "messages": 0,
        "address_hash": detail["address_hash"],
    }
    assert detail_again == {**NOTHING, "address_hash": detail["address_hash"]}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values | erasure_like | st.builds(lambda a: {"email": a, "confirm": a}, addresses))
def test_whatever_arrives_is_answered_without_a_5xx(admin, body):
    response = admin.post(ERASE, data=json.dumps(body), content_type="application/json")

    assert response.status_code in (200, 400), response.data
    assert response.is_json
    if response.status_code == 200:
        assert set(response.json) == {"removed", "erased_before", "addresses"}
