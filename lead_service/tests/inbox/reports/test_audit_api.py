"""GET /api/inbox/audit: admins read the trail, newest first, by user and action; nobody else."""

import pytest

from lead_service import audit
from lead_service.extensions import db
from lead_service.models.staff import StaffUser


def _record(app, *events):
    with app.app_context():
        for action, actor_id, lead, detail in events:
            audit.record(action, actor_id, lead, **detail)
        db.session.commit()


def _user_id(app, email):
    with app.app_context():
        return db.session.execute(db.select(StaffUser.id).where(StaffUser.email == email)).scalar_one()


@pytest.mark.parametrize("role", ["viewer", "sales"])
def test_only_admins_read_it(signed_in, role):
    assert signed_in(role).get("/api/inbox/audit").status_code == 403


def test_newest_first_with_the_users_named(app, signed_in):
    client = signed_in("admin")
    admin = _user_id(app, "admin@staff.example")
    _record(
        app,
        ("lead_viewed", admin, 7, {}),
        ("search", admin, None, {"query_length": 5}),
        ("sign_in_failed", None, None, {"reason": "password"}),
    )

    answer = client.get("/api/inbox/audit").json

    assert [(e["action"], e["actor_id"], e["lead"], e["detail"]) for e in answer["events"]] == [
        ("sign_in_failed", None, None, {"reason": "password"}),
        ("search", admin, None, {"query_length": 5}),
        ("lead_viewed", admin, {"id": 7}, {}),
    ]
    assert answer["users"] == {str(admin): {"email": "admin@staff.example", "name": "A admin"}}
    assert answer["next"] is None
    assert "erase" in answer["actions"]


def test_filtered_by_user_and_action(app, signed_in, staff_user):
    client = signed_in("admin")
    admin, other = _user_id(app, "admin@staff.example"), staff_user("sales")
    _record(
        app,
        ("lead_viewed", admin, 1, {}),
        ("lead_viewed", other, 2, {}),
        ("search", other, None, {"query_length": 3}),
    )

    by_user = client.get(f"/api/inbox/audit?user={other}").json["events"]
    by_both = client.get(f"/api/inbox/audit?user={other}&action=lead_viewed").json["events"]

    assert [e["action"] for e in by_user] == ["search", "lead_viewed"]
    assert [e["lead"]["id"] for e in by_both] == [2]


def test_pages_of_a_hundred(app, signed_in):
    client = signed_in("admin")
    _record(app, *[("search", None, None, {"query_length": n}) for n in range(1, 131)])

    first = client.get("/api/inbox/audit?action=search").json
    second = client.get(f"/api/inbox/audit?action=search&before={first['next']}").json

    assert [e["detail"]["query_length"] for e in first["events"]] == list(range(130, 30, -1))
    assert [e["detail"]["query_length"] for e in second["events"]] == list(range(30, 0, -1))
    assert second["next"] is None


@pytest.mark.parametrize("query", ["action=delete_everything", "user=0", "user=x", "before=-1"])
def test_a_bad_filter_is_a_field_error(signed_in, query):
    response = signed_in("admin").get(f"/api/inbox/audit?{query}")

    assert response.status_code == 400
    assert response.json["errors"]


@pytest.mark.parametrize("name", ["user", "before"])
@pytest.mark.parametrize("number", [2**31, 2**63, 10**30])
def test_an_id_no_column_holds_is_a_field_error(signed_in, name, number):
    """Compared with an integer column, it was the database's error: a 500."""
    client = signed_in("admin")

    response = client.get(f"/api/inbox/audit?{name}={number}")

    assert response.status_code == 400
    assert list(response.json["errors"]) == [name]
    assert client.get(f"/api/inbox/audit?{name}={2**31 - 1}").status_code == 200


def test_no_session_no_trail(client):
    response = client.get("/api/inbox/audit")

    assert response.status_code == 401
    assert response.json["code"] == 401
