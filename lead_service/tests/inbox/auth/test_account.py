"""One's own account: a new password (the current one checked, the policy's, every other session
ended and this one under a new token; wrong current passwords counted until the session ends),
and signing out everywhere."""

import threading

import pytest

from lead_service import audit
from lead_service.extensions import db
from lead_service.inbox.auth import passwords, sessions
from lead_service.inbox.auth.auth_api import NO_PASSWORDS
from lead_service.models.staff import StaffUser

from ...refusals import refusal
from ..conftest import PASSWORD, with_session
from ..test_hostile_inputs import HOSTILE

EMAIL = "sales@staff.example"
NEW = "a new and longer passphrase"
CHANGE = "/api/inbox/account/password"
WRONG = {"current_password": ["The current password is wrong."]}


def _change(client, current=PASSWORD, new=NEW, repeat=None):
    body = {
        "current_password": current,
        "new_password": new,
        "repeat_password": new if repeat is None else repeat,
    }
    return client.post(CHANGE, json=body)


def _session(app, user_id: int) -> str:
    """Another signed-in session of the user's (another browser): its token."""
    with app.app_context():
        token = sessions.start(db.session.get(StaffUser, user_id), "signed_in")
        db.session.commit()
        return token


def _browser(app, token: str):
    """A test client of its own with the session, as a browser's pages send it."""
    with app.app_context():
        return with_session(app.test_client(), token)


def _token(client) -> str | None:
    cookie = client.get_cookie(sessions.COOKIE)
    return cookie.value if cookie else None


def _user_id(app, email: str = EMAIL) -> int:
    with app.app_context():
        return db.session.scalar(db.select(StaffUser.id).where(StaffUser.email == email))


def _hash(app, user_id: int) -> str:
    with app.app_context():
        return db.session.get(StaffUser, user_id).password_hash


def _cleared(answer) -> bool:
    return any(cookie.startswith(f"{sessions.COOKIE}=;") for cookie in answer.headers.getlist("Set-Cookie"))


# A new password.


def test_a_new_password_ends_the_other_sessions_and_this_one_goes_on_under_a_new_token(
    app, signed_in, audit_trail
):
    browser = signed_in("sales", EMAIL)
    user_id, token = _user_id(app), _token(browser)
    elsewhere = _browser(app, _session(app, user_id))
    colleague_token = _token(signed_in("viewer"))  # the fixture's client, this user's no more
    browser = _browser(app, token)

    answer = _change(browser)

    assert answer.status_code == 200
    new_token = _token(browser)
    assert new_token and new_token != token
    browser.environ_base["HTTP_X_CSRF_TOKEN"] = answer.json["csrf"]
    assert browser.get("/api/inbox/session").json["csrf"] == answer.json["csrf"]
    assert elsewhere.get("/api/inbox/session").status_code == 401
    assert _browser(app, token).get("/api/inbox/session").status_code == 401
    assert _browser(app, colleague_token).get("/api/inbox/session").status_code == 200
    assert audit_trail()[-1] == ("password_changed", user_id, {"sessions_ended": 1})
    assert browser.post("/api/inbox/sign-out").status_code == 204  # the new CSRF token is the one


def test_the_old_password_no_longer_signs_in_and_the_new_one_does(app, client, enrolled, password_step):
    user_id, _ = enrolled("sales", EMAIL)
    before = _hash(app, user_id)

    assert _change(_browser(app, _session(app, user_id))).status_code == 200

    assert _hash(app, user_id) != before
    assert password_step(EMAIL, PASSWORD).status_code == 401
    assert password_step(EMAIL, NEW).status_code == 200
    with app.app_context():
        assert db.session.get(StaffUser, user_id).password_changed_at is not None


def test_a_wrong_current_password_is_refused_on_its_field_and_audited(app, signed_in, audit_trail):
    browser = signed_in("sales", EMAIL)
    user_id = _user_id(app)
    before = _hash(app, user_id)

    answer = _change(browser, current="not my password at all")

    assert answer.status_code == 400
    assert refusal(answer) == {"errors": WRONG}
    assert _hash(app, user_id) == before
    assert audit_trail() == [
        ("password_change_failed", user_id, {"reason": "password", "session_ended": False})
    ]
    assert browser.get("/api/inbox/session").status_code == 200
    assert "not my password" not in repr(audit_trail())


def test_the_fifth_wrong_current_password_ends_the_session(app, signed_in, audit_trail):
    browser = signed_in("sales", EMAIL)
    user_id = _user_id(app)

    answers = [_change(browser, current=f"wrong password {n}") for n in range(5)]

    assert [answer.status_code for answer in answers] == [400] * 4 + [401]
    assert answers[-1].json["description"] == "Too many wrong passwords: sign in again."
    assert _cleared(answers[-1])
    assert audit_trail()[-1] == (
        "password_change_failed",
        user_id,
        {"reason": "password", "session_ended": True},
    )
    assert browser.get("/api/inbox/session").status_code == 401


def test_tries_at_the_same_moment_past_the_count_check_no_password(app, signed_in, audit_trail, monkeypatch):
    browser = signed_in("sales", EMAIL)
    user_id = _user_id(app)
    with app.app_context():  # five tries of other requests, counted while this one was on its way
        for _ in range(5):
            audit.record("password_change_failed", user_id, reason="password", session_ended=False)
        db.session.commit()
    monkeypatch.setattr(passwords, "verify", lambda *_: pytest.fail("a password was checked"))

    answer = _change(browser)

    assert answer.status_code == 401
    assert audit_trail()[-1] == (
        "password_change_failed",
        user_id,
        {"reason": "too_many", "session_ended": True},
    )
    assert browser.get("/api/inbox/session").status_code == 401


def test_wrong_passwords_before_a_change_do_not_count_after_it(app, signed_in):
    browser = signed_in("sales", EMAIL)
    for n in range(4):
        assert _change(browser, current=f"wrong password {n}").status_code == 400
    changed = _change(browser)
    assert changed.status_code == 200
    browser.environ_base["HTTP_X_CSRF_TOKEN"] = changed.json["csrf"]

    # The session under its new token counts from nought: a fifth wrong one does not end it.
    assert _change(browser, current="wrong password", new="yet another passphrase").status_code == 400
    assert browser.get("/api/inbox/session").status_code == 200


@pytest.mark.parametrize(
    ("new", "repeat", "field", "message"),
    [
        ("too short", None, "new_password", "A password needs at least 12 characters."),
        ("1qaz2wsx3edc", None, "new_password", "This password is one of the most common ones"),
        ("a long enough one\x00", None, "new_password", "control characters"),
        ("x" * 1025, None, "new_password", "Longer than maximum length 1024."),
        (NEW, "a new and longer passphrasE", "repeat_password", "Type the same new password again."),
        (PASSWORD, None, "new_password", "The new password is the same as the current one"),
    ],
)
def test_a_new_password_the_policy_refuses_is_a_400_on_its_field(
    app, signed_in, audit_trail, new, repeat, field, message
):
    browser = signed_in("sales", EMAIL)
    before = _hash(app, _user_id(app))

    answer = _change(browser, new=new, repeat=repeat)

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]
    assert message in answer.json["errors"][field][0]
    assert _hash(app, _user_id(app)) == before
    assert audit_trail() == []  # no password was checked


@pytest.mark.parametrize("field", ["current_password", "new_password"])
@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_control_character_in_a_password_is_a_400(signed_in, field, hostile):
    browser = signed_in("sales", EMAIL)
    given = {"current_password": PASSWORD, "new_password": NEW}
    given[field] += hostile

    answer = _change(browser, current=given["current_password"], new=given["new_password"])

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]


@pytest.mark.parametrize("body", [{}, {"current_password": PASSWORD}, [], "text", {"new_password": None}])
def test_a_body_without_the_passwords_is_a_400(signed_in, body):
    assert signed_in("sales", EMAIL).post(CHANGE, json=body).status_code == 400


def test_a_change_needs_the_sessions_csrf_token(app, signed_in):
    browser = signed_in("sales", EMAIL)
    before = _hash(app, _user_id(app))
    browser.environ_base["HTTP_X_CSRF_TOKEN"] = "stale"

    assert _change(browser).status_code == 403
    assert _hash(app, _user_id(app)) == before


def test_a_session_ended_while_the_password_was_hashed_changes_nothing(app, signed_in, monkeypatch):
    browser = signed_in("sales", EMAIL)
    user_id = _user_id(app)
    before = _hash(app, user_id)
    hash_password = passwords.hash_password

    def signed_out_everywhere_meanwhile(password: str) -> str:
        with app.app_context():  # another request's transaction
            sessions.end_all(user_id)
            db.session.commit()
        return hash_password(password)

    monkeypatch.setattr(passwords, "hash_password", signed_out_everywhere_meanwhile)

    answer = _change(browser)

    assert answer.status_code == 401
    assert _cleared(answer)
    assert _hash(app, user_id) == before
    assert browser.get("/api/inbox/session").status_code == 401


def test_a_change_past_the_processs_password_check_slots_is_a_503(app, signed_in, monkeypatch):
    browser = signed_in("sales", EMAIL)
    slots = threading.BoundedSemaphore(1)
    slots.acquire()  # a sign-in's check, under way
    monkeypatch.setitem(app.extensions, "inbox_hash_slots", slots)

    answer = _change(browser)

    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "1"
    slots.release()
    assert _change(browser).status_code == 200


# Signing out everywhere.


def test_signing_out_everywhere_ends_every_session_of_the_users_this_one_too(app, signed_in, audit_trail):
    browser = signed_in("sales", EMAIL)
    user_id, token = _user_id(app), _token(browser)
    others = [_browser(app, _session(app, user_id)) for _ in range(2)]
    colleague_token = _token(signed_in("viewer"))
    browser = _browser(app, token)

    answer = browser.post("/api/inbox/sign-out/everywhere")

    assert answer.status_code == 204
    assert _cleared(answer)
    for client in (_browser(app, token), *others):
        assert client.get("/api/inbox/session").status_code == 401
    assert _browser(app, colleague_token).get("/api/inbox/session").status_code == 200
    assert audit_trail()[-1] == ("signed_out_everywhere", user_id, {"sessions_ended": 3})


def test_signing_out_everywhere_needs_the_sessions_csrf_token(signed_in):
    browser = signed_in("viewer")
    browser.environ_base["HTTP_X_CSRF_TOKEN"] = "stale"

    assert browser.post("/api/inbox/sign-out/everywhere").status_code == 403
    assert browser.get("/api/inbox/session").status_code == 200


def test_with_passwords_off_no_password_is_changed(app, signed_in, passwords_off):
    browser = signed_in("sales", "sam@staff.example")
    passwords_off()

    answer = browser.post(
        CHANGE,
        json={
            "current_password": PASSWORD,
            "new_password": "another passphrase",
            "repeat_password": "another passphrase",
        },
    )

    assert answer.status_code == 403 and answer.json["description"] == NO_PASSWORDS
    with app.app_context():
        user = db.session.scalar(db.select(StaffUser).where(StaffUser.email == "sam@staff.example"))
        assert passwords.verify(user.password_hash, PASSWORD)
    assert browser.get("/api/inbox/session").status_code == 200  # still signed in
