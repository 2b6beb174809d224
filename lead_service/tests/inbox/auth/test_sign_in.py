"""Signing in to the inbox: the password, then the authenticator app's code (or setting it up, the
first time), each failure answered alike whatever its reason, failed tries slowed down, and the
session that follows ending when it should."""

import time
from datetime import UTC, datetime, timedelta

import pyotp
import pytest
from argon2 import PasswordHasher, extract_parameters
from sqlalchemy.exc import OperationalError

from lead_service.extensions import db
from lead_service.inbox.auth import auth_api, passwords, sessions, throttle
from lead_service.models.staff import SignInFailure, StaffSession, StaffUser

from ...refusals import refusal
from ..conftest import PASSWORD, SITE_ORIGIN, new_browser

WRONG_PASSWORD = {"code": 401, "message": "Unauthorized", "description": "The e-mail or password is wrong."}
WRONG_CODE = {"code": 401, "message": "Unauthorized", "description": "The code is wrong."}
EMAIL = "sales@staff.example"


def _session_token(client) -> str | None:
    cookie = client.get_cookie(sessions.COOKIE)
    return cookie.value if cookie else None


def _csrf(app, token: str) -> str:
    with app.app_context():
        return sessions.csrf_token(token)


def _code(secret: str, later: int = 0) -> str:
    """The app's code now, or `later` steps on (within the step either side the service takes)."""
    return pyotp.TOTP(secret).at(time.time() + 30 * later)


def _wrong_code(secret: str) -> str:
    app_code = pyotp.TOTP(secret)
    taken = {app_code.at(time.time() + 30 * step) for step in (-1, 0, 1, 2)}
    return next(code for code in ("000000", "111111", "222222", "333333", "444444") if code not in taken)


def _assert_nothing_said_in(trail, *secrets):
    """No e-mail address, password or code in any event's detail."""
    for action, _, detail in trail:
        for secret in secrets:
            assert secret.lower() not in repr(detail).lower(), action


def _enrol(client, password_step, email=EMAIL) -> tuple[str, list[str]]:
    """Signs in for the first time, setting the app up: its secret and the recovery codes."""
    assert password_step(email).json["next"] == "enrol"
    secret = client.get("/api/inbox/enrolment").json["secret"]
    answer = client.post("/api/inbox/enrolment", json={"code": _code(secret)}).json
    client.environ_base["HTTP_X_CSRF_TOKEN"] = answer["csrf"]
    return secret, answer["recovery_codes"]


def _sign_out(client):
    assert client.post("/api/inbox/sign-out").status_code == 204


def _failures(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(SignInFailure))


def _code_tries(app, user_id: int) -> int:
    with app.app_context():
        return db.session.get(StaffUser, user_id).totp_failures


# The first sign-in: setting the app up.


def test_the_first_sign_in_sets_the_app_up(app, client, staff_user, password_step, audit_trail):
    user_id = staff_user("sales", EMAIL)

    first = password_step(EMAIL)
    password_token = _session_token(client)
    enrolment = client.get("/api/inbox/enrolment").json
    reloaded = client.get("/api/inbox/enrolment").json
    wrong = client.post("/api/inbox/enrolment", json={"code": _wrong_code(enrolment["secret"])})
    confirmed = client.post("/api/inbox/enrolment", json={"code": _code(enrolment["secret"])})

    assert first.status_code == 200
    assert first.json == {"next": "enrol", "csrf": _csrf(app, password_token)}
    assert reloaded == enrolment  # the same secret until it is confirmed
    assert enrolment["uri"].startswith("otpauth://totp/")
    assert f"secret={enrolment['secret']}" in enrolment["uri"]
    assert enrolment["qr_svg"].startswith("<svg")
    assert wrong.status_code == 400
    assert list(wrong.json["errors"]) == ["code"]
    assert confirmed.status_code == 200
    assert len(set(confirmed.json["recovery_codes"])) == 10
    assert confirmed.json["user"] == {
        "id": user_id,
        "email": EMAIL,
        "name": "A sales",
        "role": "sales",
        "signature": None,
    }
    # A new session under a new token; the password step's is over.
    new_token = _session_token(client)
    assert new_token not in (None, password_token)
    assert confirmed.json["csrf"] == _csrf(app, new_token)
    client.environ_base["HTTP_X_CSRF_TOKEN"] = confirmed.json["csrf"]
    assert client.get("/api/inbox/session").json["user"]["id"] == user_id
    client.set_cookie(sessions.COOKIE, password_token, domain="localhost", path="/", secure=True)
    assert client.get("/api/inbox/enrolment").status_code == 401
    assert [(action, actor) for action, actor, _ in audit_trail()] == [
        ("enrolled", user_id),
        ("sign_in", user_id),
    ]
    _assert_nothing_said_in(
        audit_trail(), EMAIL, PASSWORD, enrolment["secret"], *confirmed.json["recovery_codes"]
    )


def test_then_signing_in_takes_the_apps_code(client, staff_user, password_step, audit_trail):
    user_id = staff_user("viewer", EMAIL)
    secret, _ = _enrol(client, password_step)
    _sign_out(client)

    assert password_step(EMAIL).json["next"] == "code"
    # The code the set-up took is not taken again: the next step's is.
    assert client.post("/api/inbox/sign-in/code", json={"code": _code(secret)}).status_code == 401
    answer = client.post("/api/inbox/sign-in/code", json={"code": _code(secret, later=1)})

    assert answer.status_code == 200
    assert answer.json["user"]["id"] == user_id
    assert audit_trail()[-1] == ("sign_in", user_id, {"method": "password", "second_factor": "totp"})


def test_an_app_set_up_is_not_set_up_again_at_the_password_step(client, enrolled, password_step):
    enrolled("sales", EMAIL)
    password_step(EMAIL)

    assert client.get("/api/inbox/enrolment").status_code == 409
    assert client.post("/api/inbox/enrolment", json={"code": "123456"}).status_code == 409


def test_confirming_before_the_secret_was_shown_is_refused(client, staff_user, password_step):
    staff_user("sales", EMAIL)
    password_step(EMAIL)

    assert client.post("/api/inbox/enrolment", json={"code": "123456"}).status_code == 409


def test_the_code_step_wants_the_app_set_up_first(client, staff_user, password_step):
    staff_user("sales", EMAIL)
    password_step(EMAIL)

    assert client.post("/api/inbox/sign-in/code", json={"code": "123456"}).status_code == 409


# Signing in with the app's code, or a recovery code.


def test_sign_in_with_the_apps_code(app, client, enrolled, password_step, audit_trail):
    user_id, secret = enrolled("sales", EMAIL)

    first = password_step(EMAIL)
    password_token = _session_token(client)
    second = client.post("/api/inbox/sign-in/code", json={"code": _code(secret)})

    assert first.status_code == 200
    assert first.json == {"next": "code", "csrf": _csrf(app, password_token)}
    assert second.status_code == 200
    assert second.json["user"] == {
        "id": user_id,
        "email": EMAIL,
        "name": "A sales",
        "role": "sales",
        "signature": None,
    }
    assert _session_token(client) not in (None, password_token)
    assert second.json["csrf"] == _csrf(app, _session_token(client))
    client.environ_base["HTTP_X_CSRF_TOKEN"] = second.json["csrf"]
    session = client.get("/api/inbox/session")
    assert session.status_code == 200
    assert session.json == {
        "user": second.json["user"],
        "csrf": second.json["csrf"],
        "idle_minutes": app.config["INBOX_IDLE_MINUTES"],
    }
    assert audit_trail() == [("sign_in", user_id, {"method": "password", "second_factor": "totp"})]
    with app.app_context():
        assert db.session.scalars(db.select(StaffSession.stage)).all() == ["signed_in"]


def test_the_password_step_alone_opens_nothing(client, enrolled, password_step):
    enrolled("admin", EMAIL)

    password_step(EMAIL)

    assert client.get("/api/inbox/session").status_code == 401
    assert client.get("/api/inbox/audit").status_code == 401
    assert client.post("/api/inbox/sign-out").status_code == 401


def test_the_code_step_needs_the_password_step(client, enrolled, signed_in):
    _, secret = enrolled("sales", EMAIL)

    assert client.post("/api/inbox/sign-in/code", json={"code": _code(secret)}).status_code == 401
    browser = signed_in("viewer")  # a signed-in session is not at that step either
    assert browser.post("/api/inbox/sign-in/code", json={"code": "123456"}).status_code == 401


def test_a_code_is_taken_once(client, enrolled, password_step, audit_trail):
    user_id, secret = enrolled("sales", EMAIL)
    code = _code(secret)
    password_step(EMAIL)
    assert client.post("/api/inbox/sign-in/code", json={"code": code}).status_code == 200
    client.environ_base["HTTP_X_CSRF_TOKEN"] = client.get("/api/inbox/session").json["csrf"]
    _sign_out(client)

    password_step(EMAIL)
    replayed = client.post("/api/inbox/sign-in/code", json={"code": code})

    assert replayed.status_code == 401
    assert refusal(replayed) == WRONG_CODE
    assert client.get("/api/inbox/session").status_code == 401
    assert audit_trail()[-1] == ("sign_in_failed", user_id, {"reason": "code"})


def test_a_wrong_code_counts_against_the_second_factor(app, client, enrolled, password_step, audit_trail):
    user_id, secret = enrolled("sales", EMAIL)
    password_step(EMAIL)

    answer = client.post("/api/inbox/sign-in/code", json={"code": _wrong_code(secret)})

    assert answer.status_code == 401
    assert refusal(answer) == WRONG_CODE
    assert _code_tries(app, user_id) == 1
    assert audit_trail() == [("sign_in_failed", user_id, {"reason": "code"})]
    # The password step's session stays, for another try; a right code starts the count again.
    assert client.post("/api/inbox/sign-in/code", json={"code": _code(secret)}).status_code == 200
    assert _code_tries(app, user_id) == 0


def test_a_recovery_code_signs_in_once(client, staff_user, password_step, audit_trail):
    user_id = staff_user("sales", EMAIL)
    _, codes = _enrol(client, password_step)
    _sign_out(client)

    password_step(EMAIL)
    first = client.post("/api/inbox/sign-in/code", json={"code": codes[3].upper()})
    client.environ_base["HTTP_X_CSRF_TOKEN"] = first.json["csrf"]
    _sign_out(client)
    password_step(EMAIL)
    again = client.post("/api/inbox/sign-in/code", json={"code": codes[3]})

    assert first.status_code == 200
    assert again.status_code == 401
    assert refusal(again) == WRONG_CODE
    assert audit_trail()[-4:] == [
        ("sign_in", user_id, {"method": "password", "second_factor": "recovery_code"}),
        ("recovery_code_used", user_id, {"codes_left": 9}),
        ("sign_out", user_id, {}),
        ("sign_in_failed", user_id, {"reason": "recovery_code"}),
    ]
    _assert_nothing_said_in(audit_trail(), *codes)


# Every failure of the password step answers alike.


@pytest.fixture
def checked_hashes(monkeypatch):
    """The hashes each password check compares with, in order."""
    checked = []

    class Spy(PasswordHasher):
        def verify(self, stored, password):
            checked.append(stored)
            return super().verify(stored, password)

    # At the parameters in use, which the stored hashes were made at.
    monkeypatch.setattr(passwords, "_hasher", Spy.from_parameters(extract_parameters(passwords.DUMMY_HASH)))
    return checked


def test_every_failed_password_step_answers_alike(
    app, client, enrolled, staff_user, password_step, audit_trail, checked_hashes
):
    user_id, _ = enrolled("sales", EMAIL)
    disabled_id = staff_user("viewer", "gone@staff.example")
    locked_id = staff_user("viewer", "locked@staff.example")
    with app.app_context():
        db.session.get(StaffUser, disabled_id).disabled_at = datetime.now(UTC)
        stored = db.session.get(StaffUser, user_id).password_hash
        now = datetime.now(UTC)
        for _ in range(15):  # held back for the next 15 minutes, however slow the machine
            db.session.add(
                SignInFailure(
                    at=now, account=throttle.account_key("locked@staff.example"), client="192.0.2.9"
                )
            )
        db.session.commit()

    answers = {
        "wrong password": password_step(EMAIL, "not the password at all"),
        "unknown address": password_step("nobody@staff.example"),
        "disabled": password_step("gone@staff.example"),  # the right password
    }
    started = time.monotonic()
    answers["locked"] = password_step("locked@staff.example")  # the right password
    held_back_for = time.monotonic() - started

    for reason, answer in answers.items():
        assert (answer.status_code, refusal(answer)) == (401, WRONG_PASSWORD), reason
        assert sessions.COOKIE not in answer.headers.get("Set-Cookie", ""), reason
    # One Argon2 check each, at the same parameters: the same work, the same time; none for a try
    # held back, which waits a fixed time instead.
    assert checked_hashes == [stored, passwords.DUMMY_HASH, passwords.DUMMY_HASH]
    assert extract_parameters(stored) == extract_parameters(passwords.DUMMY_HASH)
    assert held_back_for >= throttle.HELD_BACK_SECONDS
    assert audit_trail()[-4:] == [
        ("sign_in_failed", user_id, {"reason": "password"}),
        ("sign_in_failed", None, {"reason": "password"}),
        ("sign_in_failed", disabled_id, {"reason": "disabled"}),
        ("sign_in_failed", locked_id, {"reason": "locked"}),
    ]
    _assert_nothing_said_in(audit_trail(), EMAIL, "nobody@", "gone@", "locked@", PASSWORD, "not the password")
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffSession)) == 0


def test_the_address_is_taken_in_any_case_and_without_spaces(client, enrolled, password_step):
    enrolled("sales", EMAIL)

    assert password_step(f"  {EMAIL.upper()} ").status_code == 200


def test_a_body_without_the_fields_is_a_400(client, password_step):
    client.environ_base.update({"HTTP_ORIGIN": SITE_ORIGIN, "HTTP_SEC_FETCH_SITE": "same-origin"})
    csrf = client.get("/api/inbox/sign-in").json["csrf"]

    answer = client.post("/api/inbox/sign-in", json={"email": EMAIL}, headers={"X-CSRF-Token": csrf})
    listed = client.post("/api/inbox/sign-in", json=[EMAIL, PASSWORD], headers={"X-CSRF-Token": csrf})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["password"]
    assert listed.status_code == 400
    assert "errors" in listed.json


def test_a_password_hashed_under_old_parameters_is_hashed_anew_at_sign_in(
    app, client, enrolled, password_step
):
    user_id, _ = enrolled("sales", EMAIL)
    with app.app_context():
        user = db.session.get(StaffUser, user_id)
        user.password_hash = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1).hash(PASSWORD)
        db.session.commit()
        old = user.password_hash

    assert password_step(EMAIL).status_code == 200

    with app.app_context():
        new = db.session.get(StaffUser, user_id).password_hash
    assert new != old
    assert extract_parameters(new) == extract_parameters(passwords.DUMMY_HASH)
    assert passwords.verify(new, PASSWORD)


def test_a_database_that_cannot_take_the_sign_in_answers_503_and_signs_nobody_in(
    app, client, enrolled, password_step, monkeypatch
):
    enrolled("sales", EMAIL)

    def refuse():
        raise OperationalError("COMMIT", {}, Exception("the database is gone"))

    monkeypatch.setattr(db.session, "commit", refuse)
    answer = password_step(EMAIL)
    monkeypatch.undo()

    assert answer.status_code == 503
    assert answer.json["description"] == auth_api.NOT_SAVED
    assert _session_token(client) is None
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffSession)) == 0


def test_two_sessions_at_the_password_step_are_shown_different_secrets(app, staff_user):
    """Whoever else knows the first password and stands at the same step sees another secret, which
    the user's own enrolment never makes theirs."""
    staff_user("sales", EMAIL)
    browsers = []
    for _ in range(2):
        browser = new_browser(app)
        csrf = browser.get("/api/inbox/sign-in").json["csrf"]
        step = browser.post(
            "/api/inbox/sign-in", json={"email": EMAIL, "password": PASSWORD}, headers={"X-CSRF-Token": csrf}
        )
        browser.environ_base["HTTP_X_CSRF_TOKEN"] = step.json["csrf"]
        browsers.append(browser)
    user, other = browsers

    mine, theirs = (browser.get("/api/inbox/enrolment").json["secret"] for browser in browsers)

    assert mine != theirs
    assert user.post("/api/inbox/enrolment", json={"code": _code(theirs)}).status_code == 400
    assert user.post("/api/inbox/enrolment", json={"code": _code(mine)}).status_code == 200
    # The other session's secret is nobody's second factor now.
    assert other.post("/api/inbox/enrolment", json={"code": _code(theirs, 1)}).status_code == 409


# The one change made without a session: its origin and CSRF token.


def _post_sign_in(client, headers, csrf_cookie="token-from-get"):
    if csrf_cookie is not None:
        client.set_cookie("__Host-inbox-csrf", csrf_cookie, domain="localhost", path="/", secure=True)
    return client.post("/api/inbox/sign-in", json={"email": EMAIL, "password": PASSWORD}, headers=headers)


@pytest.mark.parametrize(
    ("headers", "csrf_cookie"),
    [
        ({"Origin": SITE_ORIGIN, "X-CSRF-Token": "token-from-get"}, None),  # no cookie
        ({"Origin": SITE_ORIGIN, "X-CSRF-Token": ""}, ""),  # an empty one does not match an empty one
        ({"Origin": SITE_ORIGIN}, "token-from-get"),  # no header
        ({"Origin": SITE_ORIGIN, "X-CSRF-Token": "another token"}, "token-from-get"),
        ({"X-CSRF-Token": "token-from-get"}, "token-from-get"),  # no Origin, no Sec-Fetch-Site
        ({"Origin": "https://elsewhere.example", "X-CSRF-Token": "token-from-get"}, "token-from-get"),
        ({"Sec-Fetch-Site": "cross-site", "X-CSRF-Token": "token-from-get"}, "token-from-get"),
    ],
)
def test_a_sign_in_not_from_the_sign_in_page_is_refused(app, client, enrolled, headers, csrf_cookie):
    enrolled("sales", EMAIL)

    answer = _post_sign_in(client, headers, csrf_cookie)

    assert answer.status_code == 403
    assert _session_token(client) is None
    assert _failures(app) == 0


def test_the_same_sign_in_from_the_page_is_taken(client, enrolled):
    enrolled("sales", EMAIL)

    answer = _post_sign_in(
        client, {"Origin": SITE_ORIGIN, "Sec-Fetch-Site": "same-origin", "X-CSRF-Token": "token-from-get"}
    )

    assert answer.status_code == 200


def test_with_an_inbox_origin_of_its_own_a_change_from_the_sites_is_refused(
    app, client, enrolled, monkeypatch
):
    enrolled("sales", EMAIL)
    monkeypatch.setitem(app.config, "INBOX_URL", "https://inbox.example.com")
    headers = {"Sec-Fetch-Site": "same-origin", "X-CSRF-Token": "token-from-get"}

    assert _post_sign_in(client, {"Origin": SITE_ORIGIN, **headers}).status_code == 403
    assert _post_sign_in(client, {"Origin": "https://inbox.example.com", **headers}).status_code == 200


def test_the_cookies_are_host_only_secure_http_only_and_same_site_strict(client, enrolled, password_step):
    enrolled("sales", EMAIL)
    form = client.get("/api/inbox/sign-in")
    csrf_cookie = form.headers["Set-Cookie"]

    answer = password_step(EMAIL)
    set_cookies = answer.headers.getlist("Set-Cookie")

    assert csrf_cookie.startswith(f"__Host-inbox-csrf={form.json['csrf']};")
    session_cookie = next(cookie for cookie in set_cookies if cookie.startswith(f"{sessions.COOKIE}="))
    for cookie in (csrf_cookie, session_cookie):
        attributes = {part.strip().split("=")[0] for part in cookie.split(";")}
        assert {"Secure", "HttpOnly", "Path"} <= attributes
        assert "Domain" not in attributes
        assert "SameSite=Strict" in cookie
        assert "Path=/" in cookie
    # The sign-in page's token is spent once the password is right.
    assert any(cookie.startswith("__Host-inbox-csrf=;") for cookie in set_cookies)


# Failed tries slow the next ones down.


def test_the_waits_double_from_the_fifth_failure_up_to_15_minutes():
    waits = [throttle.wait(n, 5).total_seconds() for n in (0, 4, 5, 6, 7, 10, 14, 15, 40, 10_000)]

    assert waits == [0, 0, 1, 2, 4, 32, 512, 900, 900, 900]


def test_after_five_failures_the_account_waits(
    app, client, enrolled, password_step, monkeypatch, audit_trail
):
    user_id, _ = enrolled("sales", EMAIL)
    for _ in range(5):
        assert password_step(EMAIL, "a wrong password").status_code == 401

    monkeypatch.setattr(throttle, "HELD_BACK_SECONDS", 0)

    for _ in range(3):
        held_back = password_step(EMAIL)  # the right password, too soon
        assert (held_back.status_code, refusal(held_back)) == (401, WRONG_PASSWORD)
    assert audit_trail()[-1] == ("sign_in_failed", user_id, {"reason": "locked"})
    assert _failures(app) == 5  # a try held back is not counted again
    # Five failures: the next try waits 1 s after the last one.
    later = datetime.now(UTC) + timedelta(seconds=1)
    monkeypatch.setattr(throttle, "_now", lambda: later)
    assert password_step(EMAIL, "a sixth wrong one").status_code == 401
    later += timedelta(seconds=1.5)  # six failures: 2 s after the last
    assert password_step(EMAIL).status_code == 401
    later += timedelta(seconds=1)
    assert password_step(EMAIL).status_code == 200
    assert _failures(app) == 6  # the right try taken back


def test_other_accounts_are_not_held_back_by_one(client, enrolled, password_step):
    enrolled("sales", EMAIL)
    enrolled("viewer", "other@staff.example")
    for _ in range(6):
        password_step(EMAIL, "a wrong password")

    assert password_step("other@staff.example").status_code == 200


def test_failures_older_than_15_minutes_do_not_count_and_are_cleared(app, client, enrolled, password_step):
    enrolled("sales", EMAIL)
    with app.app_context():
        old = datetime.now(UTC) - timedelta(minutes=16)
        for _ in range(12):
            db.session.add(SignInFailure(at=old, account=throttle.account_key(EMAIL), client="127.0.0.1"))
        db.session.commit()

    assert password_step(EMAIL).status_code == 200
    password_step("nobody@staff.example")  # a failure, that clears the old ones on its way
    assert _failures(app) == 1


def test_however_many_the_failures_the_hold_ends_15_minutes_after_the_last(app, monkeypatch):
    now = datetime.now(UTC)
    with app.app_context():
        for seconds in range(40):
            db.session.add(
                SignInFailure(
                    at=now - timedelta(seconds=seconds), account=throttle.account_key(EMAIL), client="x"
                )
            )
        db.session.commit()

    def locked(after: timedelta) -> bool:
        monkeypatch.setattr(throttle, "_now", lambda: now + after)
        with app.test_request_context():
            attempt = throttle.begin(EMAIL, None)
            throttle.take_back(attempt)
            db.session.commit()
            return attempt == throttle.Try(counted=None, check=False)

    assert locked(timedelta(minutes=5))
    assert locked(timedelta(minutes=14, seconds=30))  # 30 of them still within their 15 minutes
    assert not locked(timedelta(minutes=15))


def test_an_address_with_20_failures_for_any_accounts_waits(app, client, enrolled, password_step):
    enrolled("sales", EMAIL)
    with app.app_context():
        now = datetime.now(UTC)
        for n in range(19):
            db.session.add(
                SignInFailure(at=now, account=throttle.account_key(f"{n}@x.example"), client="127.0.0.1")
            )
        db.session.commit()
    assert password_step(EMAIL).status_code == 200  # 19: not yet
    password_step("nobody@staff.example", "the 20th failure")

    answer = password_step(EMAIL)

    assert (answer.status_code, refusal(answer)) == (401, WRONG_PASSWORD)


def test_an_ipv6_address_counts_by_its_64(app, client, enrolled, password_step):
    enrolled("sales", EMAIL)
    with app.app_context():
        now = datetime.now(UTC)
        for n in range(20):
            db.session.add(SignInFailure(at=now, account=f"account {n}", client="2001:db8:1:2::/64"))
        db.session.commit()

    client.environ_base["REMOTE_ADDR"] = "2001:db8:1:2::abcd"
    held_back = password_step(EMAIL)
    client.environ_base["REMOTE_ADDR"] = "2001:db8:1:3::abcd"
    elsewhere = password_step(EMAIL)

    assert held_back.status_code == 401
    assert elsewhere.status_code == 200


def test_the_account_is_kept_as_an_hmac_not_an_address(app, client, password_step):
    password_step("Nobody@Staff.example", "a wrong password")

    with app.app_context():
        failure = db.session.scalars(db.select(SignInFailure)).one()
        assert failure.account == throttle.account_key("nobody@staff.example")
        assert "nobody" not in failure.account
        assert failure.client == "127.0.0.1"


def test_a_full_sign_in_forgets_the_accounts_failures(app, client, enrolled, password_step):
    _, secret = enrolled("sales", EMAIL)
    for _ in range(4):
        password_step(EMAIL, "a wrong password")

    password_step(EMAIL)
    client.post("/api/inbox/sign-in/code", json={"code": _code(secret)})

    assert _failures(app) == 0


# The session: sign-out, and its ends.


def test_sign_out_ends_the_session(app, client, enrolled, password_step, audit_trail):
    user_id, secret = enrolled("sales", EMAIL)
    password_step(EMAIL)
    answer = client.post("/api/inbox/sign-in/code", json={"code": _code(secret)})
    client.environ_base["HTTP_X_CSRF_TOKEN"] = answer.json["csrf"]
    token = _session_token(client)

    out = client.post("/api/inbox/sign-out")

    assert out.status_code == 204
    assert any(cookie.startswith(f"{sessions.COOKIE}=;") for cookie in out.headers.getlist("Set-Cookie"))
    client.set_cookie(sessions.COOKIE, token, domain="localhost", path="/", secure=True)  # kept anyway
    assert client.get("/api/inbox/session").status_code == 401
    assert audit_trail()[-1] == ("sign_out", user_id, {})


def test_sign_out_needs_the_sessions_csrf_token(signed_in):
    browser = signed_in("viewer")
    browser.environ_base["HTTP_X_CSRF_TOKEN"] = "stale"

    assert browser.post("/api/inbox/sign-out").status_code == 403
    assert browser.get("/api/inbox/session").status_code == 200


def test_a_session_ends_after_30_idle_minutes(app, signed_in):
    browser = signed_in("viewer")
    with app.app_context():
        for session in db.session.scalars(db.select(StaffSession)):
            session.last_seen_at = datetime.now(UTC) - timedelta(minutes=31)
        db.session.commit()

    assert browser.get("/api/inbox/session").status_code == 401
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(StaffSession)) == 0


def test_a_session_in_use_lives_on(app, signed_in):
    browser = signed_in("viewer")
    with app.app_context():
        for session in db.session.scalars(db.select(StaffSession)):
            session.last_seen_at = datetime.now(UTC) - timedelta(minutes=29)
        db.session.commit()

    assert browser.get("/api/inbox/session").status_code == 200


def test_a_session_ends_12_hours_after_its_sign_in_however_busy(app, signed_in):
    browser = signed_in("viewer")
    with app.app_context():
        for session in db.session.scalars(db.select(StaffSession)):
            session.created_at = datetime.now(UTC) - timedelta(hours=12, minutes=1)
        db.session.commit()

    assert browser.get("/api/inbox/session").status_code == 401


def test_a_new_sign_in_in_the_same_browser_ends_its_earlier_session(app, client, enrolled, password_step):
    _, secret = enrolled("sales", EMAIL)
    password_step(EMAIL)
    client.post("/api/inbox/sign-in/code", json={"code": _code(secret)})

    password_step(EMAIL)

    with app.app_context():
        assert db.session.scalars(db.select(StaffSession.stage)).all() == ["password"]
