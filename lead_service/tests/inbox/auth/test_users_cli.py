"""`lead-service users ...`: staff accounts added with a one-time link to choose their password,
listed, disabled, invited again or given a new second factor from the command line, each with its
audit event, sessions ended where they must."""

import hashlib
from urllib.parse import parse_qs, urlsplit

import pytest

from lead_service.extensions import db
from lead_service.models.staff import RecoveryCode, StaffInvitation, StaffSession, StaffUser

from ..conftest import PASSWORD


def _user(app, email):
    with app.app_context():
        user = db.session.scalar(db.select(StaffUser).where(StaffUser.email == email))
        if user is not None:
            db.session.expunge(user)
        return user


def _sessions(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(StaffSession))


def _assert_nothing_said_in(trail, *secrets):
    for action, _, detail in trail:
        for secret in secrets:
            assert secret.lower() not in repr(detail).lower(), action


def _link(output: str) -> str:
    """The invitation link a command printed (its last line)."""
    return output.strip().splitlines()[-1]


def test_add_prints_a_one_time_link_and_knows_no_password(app, runner, audit_trail):
    result = runner.invoke(
        args=["users", "add", " Ana@Staff.Example ", "--name", "Ana Lima", "--role", "sales"]
    )

    assert result.exit_code == 0, result.output
    link = urlsplit(_link(result.output))
    assert f"{link.scheme}://{link.netloc}" == app.config["INBOX_URL"]
    assert link.path == "/inbox/invitation"
    token = parse_qs(link.query)["token"][0]
    user = _user(app, "ana@staff.example")
    assert (user.name, user.role, user.totp_secret, user.disabled_at) == ("Ana Lima", "sales", None, None)
    assert user.password_hash.startswith("$argon2id$")  # of a password nobody was told
    with app.app_context():
        [stored] = db.session.scalars(db.select(StaffInvitation)).all()
        # Only its SHA-256: a copy of the database holds no working link.
        assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest() != token
        assert stored.user_id == user.id
    assert audit_trail() == [("user_added", None, {"user_id": user.id, "role": "sales"})]
    _assert_nothing_said_in(audit_trail(), "ana@", "Ana Lima", token)


def test_add_refuses_an_address_taken_in_any_case(app, runner, staff_user):
    staff_user("viewer", "dee@staff.example")

    result = runner.invoke(args=["users", "add", "DEE@staff.example", "--name", "Dee", "--role", "admin"])

    assert result.exit_code == 1
    assert "exists already" in result.output
    assert _user(app, "dee@staff.example").role == "viewer"


@pytest.mark.parametrize(
    "args", [["not-an-address", "--role", "sales"], ["e@staff.example", "--role", "boss"]]
)
def test_add_refuses_what_is_not_an_address_or_a_role(app, runner, args):
    result = runner.invoke(args=["users", "add", *args, "--name", "E"])

    assert result.exit_code != 0
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffUser)) == 0


def test_list_shows_each_user_on_a_line(app, runner, staff_user, enrolled):
    staff_user("viewer", "v@staff.example")
    enrolled("admin", "a@staff.example")
    runner.invoke(args=["users", "disable", "v@staff.example"])

    result = runner.invoke(args=["users", "list"])

    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("v@staff.example  A viewer  viewer  not enrolled  disabled ")
    assert lines[1] == "a@staff.example  A admin  admin  enrolled  active"
    assert "2 staff user(s)" in result.stderr


def test_disable_signs_them_out_at_once_and_for_good(app, runner, signed_in, password_step, audit_trail):
    browser = signed_in("sales", "sam@staff.example")
    assert browser.get("/api/inbox/session").status_code == 200

    result = runner.invoke(args=["users", "disable", "SAM@staff.example"])

    assert result.exit_code == 0, result.output
    assert "1 session(s) ended" in result.output
    assert browser.get("/api/inbox/session").status_code == 401
    assert _sessions(app) == 0
    user = _user(app, "sam@staff.example")
    assert user.disabled_at is not None
    assert password_step("sam@staff.example").status_code == 401
    assert audit_trail()[0] == ("user_disabled", None, {"user_id": user.id, "sessions_ended": 1})
    _assert_nothing_said_in(audit_trail(), "sam@")


def test_disable_twice_changes_nothing(app, runner, staff_user, audit_trail):
    staff_user("sales", "sam@staff.example")
    runner.invoke(args=["users", "disable", "sam@staff.example"])
    first = _user(app, "sam@staff.example").disabled_at

    result = runner.invoke(args=["users", "disable", "sam@staff.example"])

    assert result.exit_code == 0
    assert "disabled already" in result.output
    assert _user(app, "sam@staff.example").disabled_at == first
    assert [action for action, _, _ in audit_trail()] == ["user_disabled"]


@pytest.mark.parametrize("command", ["disable", "invite", "reset-2fa"])
def test_an_unknown_address_is_an_error(runner, command):
    result = runner.invoke(args=["users", command, "nobody@staff.example"])

    assert result.exit_code == 1
    assert "no staff user" in result.output


def test_invite_voids_the_password_ends_the_sessions_and_the_earlier_link(
    app, runner, signed_in, password_step, audit_trail
):
    browser = signed_in("sales", "sam@staff.example")
    first = _link(runner.invoke(args=["users", "invite", "sam@staff.example"]).output)

    result = runner.invoke(args=["users", "invite", "SAM@staff.example"])

    assert result.exit_code == 0, result.output
    assert browser.get("/api/inbox/session").status_code == 401
    assert password_step("sam@staff.example", PASSWORD).status_code == 401  # the old password is void
    second = _link(result.output)
    assert second != first
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffInvitation)) == 1
    user = _user(app, "sam@staff.example")
    assert audit_trail()[:2] == [
        ("user_invited", None, {"user_id": user.id, "sessions_ended": 1}),
        ("user_invited", None, {"user_id": user.id, "sessions_ended": 0}),
    ]
    _assert_nothing_said_in(audit_trail(), "sam@", first, second)


def test_a_disabled_user_is_not_invited(app, runner, staff_user):
    staff_user("sales", "sam@staff.example")
    runner.invoke(args=["users", "disable", "sam@staff.example"])

    result = runner.invoke(args=["users", "invite", "sam@staff.example"])

    assert result.exit_code == 1 and "disabled" in result.output
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffInvitation)) == 0


def test_reset_2fa_makes_them_set_the_app_up_again(app, client, runner, enrolled, password_step, audit_trail):
    user_id, _ = enrolled("sales", "sam@staff.example")
    with app.app_context():
        db.session.add(RecoveryCode(user_id=user_id, code_hash="0" * 64))
        user = db.session.get(StaffUser, user_id)
        user.totp_last_step = 1
        db.session.commit()
    assert password_step("sam@staff.example").json["next"] == "code"

    result = runner.invoke(args=["users", "reset-2fa", "sam@staff.example"])

    assert result.exit_code == 0, result.output
    user = _user(app, "sam@staff.example")
    assert (user.totp_secret, user.totp_last_step) == (None, None)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(RecoveryCode)) == 0
    assert client.get("/api/inbox/enrolment").status_code == 401  # the password step's session ended
    assert password_step("sam@staff.example").json["next"] == "enrol"
    assert audit_trail()[0] == ("two_factor_reset", None, {"user_id": user_id, "sessions_ended": 1})


def _invitation_count(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(StaffInvitation))


def test_with_passwords_off_add_makes_no_link_and_says_how_they_sign_in(
    app, runner, passwords_off, audit_trail
):
    passwords_off()

    result = runner.invoke(args=["users", "add", "ana@staff.example", "--name", "Ana", "--role", "sales"])

    assert result.exit_code == 0, result.output
    assert "they sign in with Company SSO at " in result.output and "/inbox/invitation" not in result.output
    assert _invitation_count(app) == 0
    assert [action for action, _, _ in audit_trail()] == ["user_added"]


def test_with_passwords_off_invite_is_refused(app, runner, staff_user, passwords_off):
    staff_user("sales", "sam@staff.example")
    before = _user(app, "sam@staff.example").password_hash
    passwords_off()

    result = runner.invoke(args=["users", "invite", "sam@staff.example"])

    assert result.exit_code == 1 and "passwords are switched off" in result.output
    assert _user(app, "sam@staff.example").password_hash == before
    assert _invitation_count(app) == 0
