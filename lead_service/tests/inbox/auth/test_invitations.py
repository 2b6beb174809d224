"""The one-time invitation: a new user chooses their own password at their link and goes on to set
their authenticator app up; the link works once, lapses, and is nothing once its user is disabled."""

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from argon2 import extract_parameters

from lead_service.extensions import db
from lead_service.inbox.auth import invitations, passwords
from lead_service.inbox.auth.auth_api import NO_PASSWORDS
from lead_service.models.staff import StaffInvitation, StaffUser

from ..conftest import new_browser

CHOSEN = "a passphrase of my own"


@pytest.fixture
def invited(app, runner):
    """Adds a user with `lead-service users add`: the token of the link it printed."""

    def add(email: str = "new@staff.example", role: str = "sales") -> str:
        result = runner.invoke(args=["users", "add", email, "--name", "New", "--role", role])
        assert result.exit_code == 0, result.output
        return parse_qs(urlsplit(result.output.strip().splitlines()[-1]).query)["token"][0]

    return add


def _accept(browser, token: str, password: str = CHOSEN, repeat: str | None = None):
    csrf = browser.get("/api/inbox/sign-in").json["csrf"]
    body = {"token": token, "password": password, "repeat_password": password if repeat is None else repeat}
    answer = browser.post("/api/inbox/invitation", json=body, headers={"X-CSRF-Token": csrf})
    if answer.status_code == 200:
        browser.environ_base["HTTP_X_CSRF_TOKEN"] = answer.json["csrf"]
    return answer


def _user(app, email: str = "new@staff.example") -> StaffUser:
    with app.app_context():
        user = db.session.scalar(db.select(StaffUser).where(StaffUser.email == email))
        db.session.expunge(user)
        return user


def test_the_user_chooses_their_password_and_goes_on_to_set_the_app_up(
    app, invited, password_step, audit_trail
):
    token = invited()
    browser = new_browser(app)

    answer = _accept(browser, token)

    assert answer.status_code == 200
    assert answer.json["next"] == "enrol"
    assert browser.get("/api/inbox/enrolment").status_code == 200  # the session at the second step
    assert passwords.verify(_user(app).password_hash, CHOSEN)
    assert password_step("new@staff.example", CHOSEN).status_code == 200
    assert [action for action, _, _ in audit_trail()] == ["user_added", "invitation_accepted"]


def test_the_link_works_once(app, invited):
    token = invited()
    assert _accept(new_browser(app), token).status_code == 200

    again = _accept(new_browser(app), token, "another passphrase here")

    assert again.status_code == 410
    assert passwords.verify(_user(app).password_hash, CHOSEN)


def test_a_lapsed_link_or_a_disabled_users_is_nothing(app, invited, runner):
    lapsed, disabled = invited(), invited("gone@staff.example")
    with app.app_context():
        db.session.execute(
            db.update(StaffInvitation)
            .where(
                StaffInvitation.user_id
                == db.select(StaffUser.id).where(StaffUser.email == "new@staff.example")
            )
            .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
        db.session.commit()
    runner.invoke(args=["users", "disable", "gone@staff.example"])

    assert _accept(new_browser(app), lapsed).status_code == 410
    assert _accept(new_browser(app), disabled).status_code == 410
    assert _accept(new_browser(app), "not a token of ours").status_code == 410


def test_a_new_link_voids_the_one_before(app, invited, runner):
    first = invited()
    runner.invoke(args=["users", "invite", "new@staff.example"])

    assert _accept(new_browser(app), first).status_code == 410


@pytest.mark.parametrize(
    ("password", "repeat", "field"),
    [
        ("too short", None, "password"),
        ("QwertyQwerty", None, "password"),
        (CHOSEN, "something else", "repeat_password"),
    ],
)
def test_a_password_against_the_policy_or_not_repeated_is_a_400_and_keeps_the_link(
    app, invited, password, repeat, field
):
    token = invited()

    answer = _accept(new_browser(app), token, password, repeat)

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]
    assert _accept(new_browser(app), token).status_code == 200


def test_only_from_the_inbox_s_own_page(app, invited):
    token = invited()
    browser = app.test_client()
    browser.environ_base.update({"HTTP_ORIGIN": "https://elsewhere.example"})
    csrf = browser.get("/api/inbox/sign-in").json["csrf"]
    body = {"token": token, "password": CHOSEN, "repeat_password": CHOSEN}

    assert browser.post("/api/inbox/invitation", json=body, headers={"X-CSRF-Token": csrf}).status_code == 403
    assert _accept(new_browser(app), token).status_code == 200  # the link still good


def test_a_user_with_an_app_goes_on_to_their_code(app, enrolled, runner):
    enrolled("sales", "sam@staff.example")
    link = runner.invoke(args=["users", "invite", "sam@staff.example"]).output.strip().splitlines()[-1]

    answer = _accept(new_browser(app), parse_qs(urlsplit(link).query)["token"][0])

    assert answer.json["next"] == "code"


def test_the_account_before_its_link_is_taken_is_invited_and_signs_in_as_slowly_as_any(app, invited):
    invited()

    # A hash of a password nobody knows, at today's parameters: the same work as any account's.
    stored = _user(app).password_hash
    assert stored.startswith("$argon2id$")
    assert extract_parameters(stored) == extract_parameters(passwords.DUMMY_HASH)
    with app.app_context():
        assert invitations.pending(db.session.get(StaffUser, _user(app).id))


def test_with_passwords_off_a_link_sets_no_password(app, invited, passwords_off):
    token = invited()
    before = _user(app).password_hash
    passwords_off()

    answer = _accept(new_browser(app), token)

    assert answer.status_code == 403 and answer.json["description"] == NO_PASSWORDS
    assert _user(app).password_hash == before
    with app.app_context():  # not spent: it works again once passwords are back
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffInvitation)) == 1
