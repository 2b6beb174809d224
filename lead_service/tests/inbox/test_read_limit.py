"""Each user's reads of the inbox (every GET behind the sign-in) held to a rate of their own, counted
per user and not per address, only with a session, and documented."""

import flask_migrate
import pytest
from sqlalchemy import event

from lead_service import create_app
from lead_service.api.openapi import document
from lead_service.extensions import db
from lead_service.inbox.auth import sessions
from lead_service.models.staff import StaffUser

from .conftest import with_session

READS = 3


@pytest.fixture
def limited(database, profile_pdf):
    """The service with its rate limits on, each user's reads at 3 a minute."""
    app = create_app(
        {
            **database,
            "TESTING": True,
            "PROFILE_PDF_PATH": str(profile_pdf),
            "INBOX_READ_RATE_LIMIT": f"{READS} per minute",
        }
    )
    with app.app_context():
        flask_migrate.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def _user(app, email: str) -> int:
    with app.app_context():
        user = StaffUser(email=email, name=email, role="sales", password_hash="not used: signed in here")
        db.session.add(user)
        db.session.commit()
        return user.id


def _browser(app, user_id: int):
    """A browser signed in as the user: a session of its own."""
    with app.app_context():
        token = sessions.start(db.session.get(StaffUser, user_id), "signed_in")
        db.session.commit()
        return with_session(app.test_client(), token)


def test_past_the_read_limit_a_user_gets_429_and_another_user_does_not(limited):
    user_id = _user(limited, "reader@staff.example")
    reader, colleague = _browser(limited, user_id), _browser(limited, _user(limited, "other@staff.example"))
    # Every read counts together, whichever the page.
    paths = ["/api/inbox/session", "/api/inbox/leads", "/api/inbox/owners", "/api/inbox/dashboard"]

    answers = [reader.get(path) for path in paths]

    assert [answer.status_code for answer in answers] == [200] * READS + [429]
    refused = answers[-1]
    assert refused.is_json and refused.json["code"] == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert colleague.get("/api/inbox/leads").status_code == 200
    # A change is no read; another browser of the same user's is the same user.
    assert reader.post("/api/inbox/sign-out").status_code == 204
    assert _browser(limited, user_id).get("/api/inbox/leads").status_code == 429


def test_a_read_without_a_session_is_not_counted(limited):
    stranger = limited.test_client()
    reader = _browser(limited, _user(limited, "reader@staff.example"))

    assert [stranger.get("/api/inbox/leads").status_code for _ in range(READS + 2)] == [401] * (READS + 2)
    assert [reader.get("/api/inbox/leads").status_code for _ in range(READS)] == [200] * READS


def test_the_limit_and_the_guard_read_the_session_once(limited):
    reader = _browser(limited, _user(limited, "reader@staff.example"))
    read = []
    with limited.app_context():
        engine = db.engine

    def count(_connection, _cursor, statement, *_args):
        if statement.lstrip().startswith("SELECT") and "FROM staff_sessions" in statement:
            read.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        assert reader.get("/api/inbox/session").status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)

    assert len(read) == 1


def test_every_read_behind_the_sign_in_documents_its_429(limited):
    paths = document(limited)["paths"]

    assert "429" in {str(status) for status in paths["/api/inbox/leads"]["get"]["responses"]}
    assert "429" in {str(status) for status in paths["/api/inbox/leads/{lead_id}"]["get"]["responses"]}
    moved = paths["/api/inbox/leads/moved/{kind}/{old_id}"]
    assert "429" in {str(status) for status in moved["get"]["responses"]}
    assert "429" not in {str(status) for status in paths["/api/inbox/sign-in"]["get"]["responses"]}
