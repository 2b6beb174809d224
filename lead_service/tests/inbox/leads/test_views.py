"""Views of the list saved by name: the filters and search kept as the list's query string (checked
as the list checks it, a cursor dropped), one's own listed first, then the team's shared ones;
removed by their owner, a shared one by an admin too; each on the audit trail."""

import pytest

VIEWS = "/api/inbox/views"


def test_a_view_keeps_the_lists_filters_and_search_and_its_owner_sees_it_first(colleague, audit_trail):
    ana, ana_id = colleague("sales", "ana@staff.example")
    ben, _ = colleague("sales", "ben@staff.example")

    mine = ana.post(VIEWS, json={"name": "New quotes", "query": "?cursor=abc&status=new&form=quote&q=acme"})
    assert mine.status_code == 201
    assert mine.json["query"] == "form=quote&status=new&q=acme"  # in the list's order, no cursor
    team = ben.post(VIEWS, json={"name": "Nobody's", "query": "owner=none", "shared": True})
    ben.post(VIEWS, json={"name": "Ben's own", "query": "status=won"})

    listed = ana.get(VIEWS).json["views"]
    assert [(view["name"], view["removable"]) for view in listed] == [
        ("New quotes", True),
        ("Nobody's", False),
    ]
    assert listed[0]["owner"] == {"id": ana_id, "name": "A sales"}
    assert [detail for action, _, detail in audit_trail() if action == "view_saved"] == [
        {"view_id": mine.json["id"], "shared": False},
        {"view_id": team.json["id"], "shared": True},
        {"view_id": team.json["id"] + 1, "shared": False},
    ]


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("", "Set a filter or a search first"),
        ("cursor=abc", "Set a filter or a search first"),
        ("status=sleeping", "Must be one of"),
        ("from=2026-05-02&to=2026-05-01", "The first day comes after the last."),
        ("status=new&status=won", "Give each filter once."),
    ],
)
def test_a_view_the_list_would_refuse_is_refused_with_why(colleague, query, said):
    ana, _ = colleague("viewer")

    refused = ana.post(VIEWS, json={"name": "Odd", "query": query})

    assert refused.status_code == 400
    assert said in refused.json["errors"]["query"][0]


def test_a_name_is_ones_own_once(colleague):
    ana, _ = colleague("sales")
    ana.post(VIEWS, json={"name": "Mine", "query": "status=new"})

    assert ana.post(VIEWS, json={"name": "Mine", "query": "status=won"}).status_code == 409


def test_its_owner_removes_a_view_and_an_admin_a_shared_one_only(colleague, audit_trail):
    ana, _ = colleague("sales", "ana@staff.example")
    boss, _ = colleague("admin", "boss@staff.example")
    private = ana.post(VIEWS, json={"name": "Private", "query": "status=new"}).json["id"]
    shared = ana.post(VIEWS, json={"name": "Shared", "query": "status=won", "shared": True}).json["id"]

    assert boss.post(f"{VIEWS}/{private}/remove").status_code == 404
    assert boss.post(f"{VIEWS}/{shared}/remove").status_code == 204
    assert ana.post(f"{VIEWS}/{private}/remove").status_code == 204
    assert ana.get(VIEWS).json["views"] == []
    assert [action for action, _, _ in audit_trail() if action == "view_removed"] == ["view_removed"] * 2
