"""A filled honeypot (forms.json `honeypotField`) is answered like a success and stored flagged as
spam, which the sales team's list and export leave out unless asked for."""

import json

import pytest

from lead_service import content

from ..samples import CONTACT, QUOTE

HONEYPOT = content.load("forms")["honeypotField"]


@pytest.mark.parametrize(
    ("path", "kind", "lead"), [("/api/contact", "contact", CONTACT), ("/api/quote", "quote", QUOTE)]
)
def test_a_filled_honeypot_is_answered_as_a_success_and_stored_as_spam(client, rows, path, kind, lead):
    human = client.post(path, json={**lead, HONEYPOT: ""})
    bot = client.post(path, json={**lead, HONEYPOT: "https://spam.example"})

    # The bot is told what a person would be: the same answer but for its id.
    assert (bot.status_code, set(bot.json)) == (201, {"id", "status", "phone", "country"})
    assert {**bot.json, "id": None} == {**human.json, "id": None}
    assert [(row.id, row.spam) for row in rows(kind)] == [(human.json["id"], False), (bot.json["id"], True)]


@pytest.mark.parametrize("value", ["   ", None])
def test_a_blank_honeypot_is_not_spam(client, rows, value):
    assert client.post("/api/contact", json={**CONTACT, HONEYPOT: value}).status_code == 201
    assert rows("contact")[0].spam is False


def test_the_client_cannot_set_the_flag_itself(client, rows):
    assert client.post("/api/contact", json={**CONTACT, "spam": False, HONEYPOT: "x"}).status_code == 201
    assert client.post("/api/contact", json={**CONTACT, "spam": True}).status_code == 201
    assert [row.spam for row in rows("contact")] == [True, False]


def test_spam_is_left_out_of_list_and_export_unless_asked_for(client, runner):
    client.post("/api/contact", json={**CONTACT, "name": "Real Person"})
    client.post("/api/contact", json={**CONTACT, "name": "Spam Bot", HONEYPOT: "x"})

    listed = runner.invoke(args=["leads", "list"]).output
    assert "Real Person" in listed and "Spam Bot" not in listed
    exported = json.loads(runner.invoke(args=["leads", "export", "--format", "json"]).output)
    assert [(row["name"], row["spam"]) for row in exported] == [("Real Person", False)]
    everything = json.loads(
        runner.invoke(args=["leads", "export", "--format", "json", "--include-spam"]).output
    )
    assert [(row["name"], row["spam"]) for row in everything] == [("Real Person", False), ("Spam Bot", True)]
    assert "Spam Bot" in runner.invoke(args=["leads", "list", "--include-spam"]).output
