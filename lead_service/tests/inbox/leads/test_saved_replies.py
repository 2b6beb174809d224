"""Saved replies: admins add, change and remove them, each on the audit trail; every role reads them,
by title; a title is one saved reply's alone; and their texts are bounded as a reply's."""

import pytest

from lead_service.extensions import db
from lead_service.models.conversation import SavedReply

SAVED = "/api/inbox/saved-replies"
WELCOME = {"title": "Welcome", "body": "Dear {first_name},\n\nThank you for writing to us.\n\n{sender}"}


def test_an_admin_keeps_the_saved_replies_and_every_role_reads_them(signed_in, audit_trail):
    admin = signed_in("admin")

    added = admin.post(SAVED, json=WELCOME)
    other = admin.post(SAVED, json={"title": "A price list", "body": "Our prices, {name}:"})

    assert added.status_code == other.status_code == 201
    assert {key: added.json[key] for key in ("title", "body")} == WELCOME
    assert added.json["updated_by"]["name"] == "A admin"
    titles = [saved["title"] for saved in admin.get(SAVED).json["saved_replies"]]
    assert titles == ["A price list", "Welcome"]

    changed = admin.post(f"{SAVED}/{added.json['id']}", json={**WELCOME, "body": "Hello {name}."})
    assert changed.status_code == 200
    assert changed.json["body"] == "Hello {name}."
    assert admin.post(f"{SAVED}/{other.json['id']}/remove").status_code == 204
    viewer = signed_in("viewer")  # the same test client, signed in anew
    assert [saved["body"] for saved in viewer.get(SAVED).json["saved_replies"]] == ["Hello {name}."]
    actions = [(action, detail) for action, _, detail in audit_trail() if action.startswith("saved_reply")]
    assert actions == [
        ("saved_reply_added", {"saved_reply_id": added.json["id"]}),
        ("saved_reply_added", {"saved_reply_id": other.json["id"]}),
        ("saved_reply_changed", {"saved_reply_id": added.json["id"]}),
        ("saved_reply_removed", {"saved_reply_id": other.json["id"]}),
    ]


def test_a_title_is_one_saved_replys_alone(signed_in, app):
    admin = signed_in("admin")
    first = admin.post(SAVED, json=WELCOME).json
    second = admin.post(SAVED, json={**WELCOME, "title": "Second"}).json

    again = admin.post(SAVED, json=WELCOME)
    renamed = admin.post(f"{SAVED}/{second['id']}", json=WELCOME)

    assert again.status_code == renamed.status_code == 409
    assert again.json["description"] == "Another saved reply has this title: choose another."
    with app.app_context():
        assert db.session.scalars(db.select(SavedReply.title).order_by(SavedReply.id)).all() == [
            first["title"],
            "Second",
        ]


def test_no_such_saved_reply_is_a_404(signed_in):
    admin = signed_in("admin")

    assert admin.post(f"{SAVED}/7", json=WELCOME).status_code == 404
    assert admin.post(f"{SAVED}/7/remove").status_code == 404
    assert admin.post(f"{SAVED}/{2**40}/remove").status_code == 404


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({**WELCOME, "title": " "}, "title", "Write the title first."),
        ({**WELCOME, "title": "x" * 121}, "title", "Keep a title to 120 characters or fewer."),
        ({**WELCOME, "title": "Two\nlines"}, "title", None),
        ({**WELCOME, "body": ""}, "body", "Write the reply first."),
        ({**WELCOME, "body": "x" * 5001}, "body", "Keep a reply to 5000 characters or fewer."),
        ({"title": "No body"}, "body", None),
    ],
)
def test_a_saved_reply_is_a_one_line_title_and_a_bounded_text(signed_in, app, body, field, message):
    answer = signed_in("admin").post(SAVED, json=body)

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]
    if message:
        assert answer.json["errors"][field] == [message]
    with app.app_context():
        assert db.session.scalars(db.select(SavedReply)).all() == []
