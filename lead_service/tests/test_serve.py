"""SERVE splits the API in two, as the deployment runs it: the public part (what visitors call) and
the inbox's, each answering the health probes, neither answering for the other."""

import flask_migrate
import pytest

from lead_service import create_app

PUBLIC = [
    ("post", "/api/contact"),
    ("post", "/api/consent"),
    ("get", "/api/download/profile"),
    ("get", "/api/openapi.json"),
]
INBOX = [("get", "/api/inbox/session"), ("get", "/api/inbox/sign-in"), ("get", "/api/inbox/leads")]


def _client(tmp_path, serve: str):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}", "SERVE": serve})
    with app.app_context():
        flask_migrate.upgrade()
    return app.test_client()


def _status(client, method: str, path: str) -> int:
    return getattr(client, method)(path, json={}).status_code


@pytest.mark.parametrize(
    ("serve", "served", "not_served"), [("public", PUBLIC, INBOX), ("inbox", INBOX, PUBLIC)]
)
def test_each_part_answers_for_itself_alone(tmp_path, serve, served, not_served):
    client = _client(tmp_path, serve)

    assert [_status(client, *call) for call in not_served] == [404] * len(not_served)
    assert all(_status(client, *call) != 404 for call in served)
    assert client.get("/healthz/ready").status_code == 200
    assert client.get("/healthz/live").status_code == 200


def test_all_serves_both(tmp_path):
    client = _client(tmp_path, "all")

    assert all(_status(client, *call) != 404 for call in PUBLIC + INBOX)
