"""Lockouts that stop attackers, not staff: a browser that has signed in to an account before (its
device cookie) is held back only by its own failures; tries at the same moment are each counted
and checked no faster than one after another; ten wrong codes lock the second factor until a
recovery code; a process checks a bounded number of passwords at once; the password step is
rate-limited per client, except for a browser that has signed in before."""

import threading
import time

import flask_migrate
import pytest
from argon2 import PasswordHasher, extract_parameters

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.auth import passwords, throttle
from lead_service.models.leads import OutboxMessage
from lead_service.models.staff import SignInFailure, StaffUser

from ...refusals import refusal
from ..conftest import PASSWORD, new_browser
from .test_sign_in import WRONG_CODE, _code, _code_tries, _enrol, _failures, _wrong_code

EMAIL = "owner@staff.example"


@pytest.fixture(autouse=True)
def no_wait(monkeypatch):
    """Tries held back are answered at once here: the fixed wait has a test of its own."""
    monkeypatch.setattr(throttle, "HELD_BACK_SECONDS", 0)


def _password_step(browser, email: str = EMAIL, password: str = PASSWORD):
    csrf = browser.get("/api/inbox/sign-in").json["csrf"]
    answer = browser.post(
        "/api/inbox/sign-in", json={"email": email, "password": password}, headers={"X-CSRF-Token": csrf}
    )
    if answer.status_code == 200:
        browser.environ_base["HTTP_X_CSRF_TOKEN"] = answer.json["csrf"]
    return answer


def _sign_in(browser, secret: str, email: str = EMAIL, later: int = 0):
    """The password step and the app's code (`later` steps on: a code is taken once)."""
    assert _password_step(browser, email).status_code == 200
    answer = browser.post("/api/inbox/sign-in/code", json={"code": _code(secret, later)})
    if answer.status_code == 200:
        browser.environ_base["HTTP_X_CSRF_TOKEN"] = answer.json["csrf"]
    return answer


def test_a_full_sign_in_gives_a_device_cookie_host_only_secure_and_strict(app, enrolled):
    _, secret = enrolled("sales", EMAIL)
    browser = new_browser(app)

    answer = _sign_in(browser, secret)

    cookie = next(c for c in answer.headers.getlist("Set-Cookie") if c.startswith(throttle.DEVICE_COOKIE))
    assert throttle.DEVICE_COOKIE.startswith("__Host-")
    assert all(part in cookie for part in ("Secure", "HttpOnly", "SameSite=Strict", "Path=/", "Max-Age="))
    assert "Domain" not in cookie


def test_a_strangers_50_wrong_passwords_do_not_keep_the_owner_out_of_a_browser_they_used(app, enrolled):
    _, secret = enrolled("sales", EMAIL)
    owners = new_browser(app)
    assert _sign_in(owners, secret).status_code == 200
    assert owners.post("/api/inbox/sign-out").status_code == 204

    stranger = new_browser(app)  # from the same address, as behind one NAT
    for _ in range(50):
        assert _password_step(stranger, password="a guess").status_code == 401
    assert _password_step(stranger).status_code == 401  # held back, the right password or not
    assert _password_step(new_browser(app)).status_code == 401  # a browser the owner never used: too

    assert _sign_in(owners, secret, later=1).status_code == 200


def test_a_known_browsers_own_failures_hold_it_back(app, enrolled):
    _, secret = enrolled("sales", EMAIL)
    owners = new_browser(app)
    assert _sign_in(owners, secret).status_code == 200
    for _ in range(5):
        assert _password_step(owners, password="misremembered").status_code == 401

    assert _password_step(owners).status_code == 401  # its own five: it waits
    assert _password_step(new_browser(app)).status_code == 200  # the account's count is untouched


def test_a_forged_or_another_accounts_device_cookie_is_no_device(app, enrolled):
    enrolled("sales", EMAIL)
    _, other_secret = enrolled("viewer", "other@staff.example")
    other = new_browser(app)
    assert _sign_in(other, other_secret, "other@staff.example").status_code == 200
    for _ in range(5):
        _password_step(new_browser(app), password="a guess")  # the owner's account held back

    forged = new_browser(app)
    forged.set_cookie(throttle.DEVICE_COOKIE, "nonce.account.mac", domain="localhost", path="/", secure=True)
    assert _password_step(forged).status_code == 401
    assert _password_step(other).status_code == 401  # a device of another account


def test_16_tries_at_the_same_moment_are_16_failures_and_5_checks(app, client, enrolled, monkeypatch):
    user_id, _ = enrolled("sales", EMAIL)
    checked = []
    counted = threading.Event()

    class HeldChecks(PasswordHasher):
        """Each check waits until all 16 tries are counted: the tries are at the same moment."""

        def verify(self, stored, password):
            counted.wait(timeout=10)
            checked.append(stored)
            return super().verify(stored, password)

    monkeypatch.setattr(
        passwords, "_hasher", HeldChecks.from_parameters(extract_parameters(passwords.DUMMY_HASH))
    )
    # And each try refused unchecked: none is settled before all have arrived.
    monkeypatch.setattr(throttle, "hold_back", lambda: counted.wait(timeout=10))
    monkeypatch.setitem(app.extensions, "inbox_hash_slots", threading.BoundedSemaphore(16))
    browsers = [new_browser(app) for _ in range(16)]
    tokens = [browser.get("/api/inbox/sign-in").json["csrf"] for browser in browsers]
    answers = []

    def attempt(browser, csrf):
        answers.append(
            browser.post(
                "/api/inbox/sign-in",
                json={"email": EMAIL, "password": "a guess"},
                headers={"X-CSRF-Token": csrf},
            ).status_code
        )

    threads = [threading.Thread(target=attempt, args=pair) for pair in zip(browsers, tokens, strict=True)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while _failures(app) < 16 and time.monotonic() < deadline:
        time.sleep(0.01)
    counted.set()
    for thread in threads:
        thread.join(timeout=30)

    assert answers == [401] * 16
    assert _failures(app) == 16
    assert len(checked) == 5  # the free ones; the rest refused unchecked, as one after another
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).where(~SignInFailure.settled)) == 0
        # One of them locked the account, and its user is told once.
        notices = db.session.scalars(db.select(OutboxMessage).where(OutboxMessage.purpose == "security"))
        assert [(row.recipient_id, row.event) for row in notices] == [(user_id, "account_locked")]


def test_ten_wrong_codes_lock_the_second_factor_until_a_recovery_code(
    app, client, staff_user, password_step, audit_trail
):
    user_id = staff_user("sales", EMAIL)
    secret, recovery_codes = _enrol(client, password_step, EMAIL)
    assert client.post("/api/inbox/sign-out").status_code == 204
    assert password_step(EMAIL).status_code == 200
    for _ in range(10):
        assert (
            refusal(client.post("/api/inbox/sign-in/code", json={"code": _wrong_code(secret)})) == WRONG_CODE
        )

    eleventh = client.post("/api/inbox/sign-in/code", json={"code": _code(secret)})  # right, and locked

    assert (eleventh.status_code, refusal(eleventh)) == (401, WRONG_CODE)
    trail = audit_trail()
    assert [event for event in trail if event[0] == "second_factor_locked"] == [
        ("second_factor_locked", user_id, {})
    ]
    assert trail[-1] == ("sign_in_failed", user_id, {"reason": "second_factor_locked"})
    # A new password step changes nothing; a recovery code opens it again.
    assert password_step(EMAIL).status_code == 200
    assert client.post("/api/inbox/sign-in/code", json={"code": _code(secret, 1)}).status_code == 401
    recovered = client.post("/api/inbox/sign-in/code", json={"code": recovery_codes[0]})
    assert recovered.status_code == 200
    assert _code_tries(app, user_id) == 0
    client.environ_base["HTTP_X_CSRF_TOKEN"] = recovered.json["csrf"]
    assert client.post("/api/inbox/sign-out").status_code == 204
    assert password_step(EMAIL).status_code == 200
    assert client.post("/api/inbox/sign-in/code", json={"code": _code(secret, 1)}).status_code == 200


def test_wrong_codes_at_enrolment_count_too(app, client, staff_user, password_step):
    user_id = staff_user("sales", EMAIL)
    assert password_step(EMAIL).status_code == 200
    secret = client.get("/api/inbox/enrolment").json["secret"]
    for _ in range(10):
        assert client.post("/api/inbox/enrolment", json={"code": _wrong_code(secret)}).status_code == 400

    locked = client.post("/api/inbox/enrolment", json={"code": _code(secret)})

    assert locked.status_code == 400
    assert "administrator" in locked.json["errors"]["code"][0]
    assert _code_tries(app, user_id) == 11


def test_a_password_check_past_the_processs_slots_is_a_503_and_not_counted(app, enrolled, monkeypatch):
    enrolled("sales", EMAIL)
    slots = threading.BoundedSemaphore(1)
    slots.acquire()  # another sign-in's check, under way
    monkeypatch.setitem(app.extensions, "inbox_hash_slots", slots)

    answer = _password_step(new_browser(app))

    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "1"
    assert _failures(app) == 0
    slots.release()
    assert _password_step(new_browser(app)).status_code == 200


@pytest.fixture
def limited(database, profile_pdf, tmp_path):
    """The service with its rate limits on, the password step's at 3 a minute."""
    app = create_app(
        {
            **database,
            "TESTING": True,
            "PROFILE_PDF_PATH": str(profile_pdf),
            "INBOX_SIGN_IN_RATE_LIMIT": "3 per minute",
        }
    )
    with app.app_context():
        flask_migrate.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def test_the_password_step_is_rate_limited_per_client_but_not_for_a_knownnew_browser(limited):
    with limited.app_context():
        user = StaffUser(email=EMAIL, name="O", role="sales", password_hash=passwords.hash_password(PASSWORD))
        db.session.add(user)
        db.session.commit()
        # A browser that signed in before, as its cookie says.
        cookie = throttle.device_cookie(EMAIL)
    known = new_browser(limited)
    known.set_cookie(throttle.DEVICE_COOKIE, cookie, domain="localhost", path="/", secure=True)
    stranger = new_browser(limited)

    answers = [_password_step(stranger, password="a guess").status_code for _ in range(4)]

    assert answers == [401, 401, 401, 429]
    assert _password_step(known).status_code == 200
