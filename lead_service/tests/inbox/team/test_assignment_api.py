"""The assignment as admins keep it: rules added, changed, ordered and removed; groups and each
person's availability; the alert of a lead left with nobody. Every role reads it, only admins change
it, each change is on the audit trail, and what cannot be kept is refused with why."""

import pytest

from lead_service.extensions import db
from lead_service.models.staff import StaffUser

from ..conftest import contact

ASSIGNMENT = "/api/inbox/assignment"
HIGH = "More than 10000$ Estimated"


def _rule(name="Malaysia", **values):
    return {"name": name, "forms": ["quote"], "countries": ["Malaysia"], "budgets": [HIGH], **values}


def test_admins_keep_rules_in_order_and_every_role_reads_them(colleague, audit_trail):
    admin, admin_id = colleague("admin", "boss@staff.example")
    viewer, _ = colleague("viewer", "looker@staff.example")

    first = admin.post(f"{ASSIGNMENT}/rules", json=_rule(target="person", user_id=admin_id))
    second = admin.post(f"{ASSIGNMENT}/rules", json=_rule("Any", forms=[], target="person", user_id=admin_id))
    assert first.status_code == second.status_code == 201
    assert first.json["person"] == {"id": admin_id, "name": "A admin"}
    assert first.json["budgets"] == [HIGH] and first.json["group"] is None
    one, two = first.json["id"], second.json["id"]

    ordered = admin.post(f"{ASSIGNMENT}/rules/order", json={"rule_ids": [two, one]})
    assert [rule["id"] for rule in ordered.json["rules"]] == [two, one]
    assert [rule["name"] for rule in viewer.get(ASSIGNMENT).json["rules"]] == ["Any", "Malaysia"]
    changed = admin.post(
        f"{ASSIGNMENT}/rules/{one}", json=_rule("Malaysia, big", target="person", user_id=admin_id)
    )
    assert changed.json["name"] == "Malaysia, big"
    assert admin.post(f"{ASSIGNMENT}/rules/{two}/remove").status_code == 204

    assert [rule["id"] for rule in viewer.get(ASSIGNMENT).json["rules"]] == [one]
    assert (
        viewer.post(f"{ASSIGNMENT}/rules", json=_rule(target="person", user_id=admin_id)).status_code == 403
    )
    # Each fact one value, as the audit page's answer holds them: the order as the ids, in it.
    assert {"rule_ids": f"{two},{one}"} in [
        detail for action, _, detail in audit_trail() if action.endswith("ordered")
    ]
    actions = [action for action, _, _ in audit_trail() if action.startswith("assignment")]
    assert actions == [
        "assignment_rule_added",
        "assignment_rule_added",
        "assignment_rules_ordered",
        "assignment_rule_changed",
        "assignment_rule_removed",
    ]


def test_an_order_that_is_not_every_rule_is_refused(colleague):
    admin, admin_id = colleague("admin")
    kept = admin.post(f"{ASSIGNMENT}/rules", json=_rule(target="person", user_id=admin_id)).json["id"]

    refused = admin.post(f"{ASSIGNMENT}/rules/order", json={"rule_ids": [kept, kept + 1]})

    assert refused.status_code == 409
    assert "reload it" in refused.json["description"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"countries": ["Atlantis"]}, "countries"),
        ({"budgets": ["A lot"]}, "budgets"),
        ({"forms": ["newsletter"]}, "forms"),
        ({"target": "everyone"}, "target"),
        ({"target": "person", "user_id": None}, "user_id"),
        ({"target": "person", "user_id": 2**40}, "user_id"),
        ({"target": "round_robin"}, "group_id"),
        ({"name": "  "}, "name"),
        ({"sources": ["line\nbreak"]}, "sources"),
    ],
)
def test_a_rule_that_cannot_be_kept_is_refused_by_its_field(colleague, change, field):
    admin, admin_id = colleague("admin")

    refused = admin.post(f"{ASSIGNMENT}/rules", json={**_rule(target="person", user_id=admin_id), **change})

    assert refused.status_code == 400
    assert list(refused.json["errors"]) == [field]


def test_a_rule_gives_leads_only_to_someone_who_may_own_them(colleague, staff_user):
    admin, _ = colleague("admin")
    viewer = staff_user("viewer", "viewer-only@staff.example")

    refused = admin.post(f"{ASSIGNMENT}/rules", json=_rule(target="person", user_id=viewer))
    missing = admin.post(f"{ASSIGNMENT}/rules", json=_rule(target="round_robin", group_id=999))

    assert refused.status_code == missing.status_code == 400
    assert "may own leads" in refused.json["description"]


def test_groups_are_kept_by_name_and_a_group_a_rule_uses_stays(colleague, staff_user, audit_trail):
    admin, admin_id = colleague("admin")
    seller = staff_user("sales", "seller@staff.example")

    made = admin.post(f"{ASSIGNMENT}/groups", json={"name": "Asia", "member_ids": [seller, admin_id, seller]})
    assert made.status_code == 201
    assert [member["id"] for member in made.json["members"]] == [admin_id, seller]  # by name
    group = made.json["id"]
    again = admin.post(f"{ASSIGNMENT}/groups", json={"name": "Asia", "member_ids": []})
    assert again.status_code == 409
    admin.post(f"{ASSIGNMENT}/rules", json=_rule(target="round_robin", group_id=group))

    assert admin.post(f"{ASSIGNMENT}/groups/{group}/remove").status_code == 409
    renamed = admin.post(
        f"{ASSIGNMENT}/groups/{group}", json={"name": "Asia-Pacific", "member_ids": [seller]}
    )
    assert renamed.json["members"] == [{"id": seller, "name": "A sales"}]
    assert [action for action, _, _ in audit_trail() if action.startswith("staff_group")] == [
        "staff_group_added",
        "staff_group_changed",
    ]


def test_admins_mark_someone_away_and_cap_their_open_leads(app, colleague, staff_user, add):
    admin, _ = colleague("admin")
    seller = staff_user("sales", "seller@staff.example")
    add(contact("Open Lead", owner_id=seller), contact("Won Lead", owner_id=seller, status="won"))

    changed = admin.post(f"{ASSIGNMENT}/people/{seller}", json={"away": True, "open_leads_cap": 5})

    assert changed.json == {
        "id": seller,
        "name": "A sales",
        "away": True,
        "open_leads_cap": 5,
        "open_leads": 1,
    }
    with app.app_context():
        user = db.session.get(StaffUser, seller)
        assert (user.away, user.open_leads_cap) == (True, 5)
    [person] = [person for person in admin.get(ASSIGNMENT).json["people"] if person["id"] == seller]
    assert person["away"] is True
    assert (
        admin.post(f"{ASSIGNMENT}/people/{seller}", json={"away": False, "open_leads_cap": 0}).status_code
        == 400
    )


def test_the_unowned_alert_is_set_and_lifted_by_admins(colleague):
    admin, admin_id = colleague("admin")
    seller, _ = colleague("sales")

    assert seller.post(f"{ASSIGNMENT}/unowned-alert", json={"minutes": 30}).status_code == 403
    set_ = admin.post(f"{ASSIGNMENT}/unowned-alert", json={"minutes": 30})
    assert set_.json["minutes"] == 30 and set_.json["updated_by"]["id"] == admin_id
    assert seller.get(ASSIGNMENT).json["unowned_alert"]["minutes"] == 30
    assert admin.post(f"{ASSIGNMENT}/unowned-alert", json={"minutes": None}).json["minutes"] is None
