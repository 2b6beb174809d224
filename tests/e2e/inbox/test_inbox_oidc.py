"""Sign-in with an OpenID provider, its callback's checks, through a real provider (panva's
oidc-provider on Node, tests/support/identity_provider.py) with the service in Flask's test client
over each database: who gets in, at which stage, and every refusal a redirect to the sign-in page
with its code, audited, with no session."""

import json
from urllib.parse import parse_qs, urlsplit

import flask_migrate
import pyotp
import pytest
from sqlalchemy import text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.inbox.auth import passwords
from lead_service.inbox.auth.auth_api import PASSWORDS_OFF
from lead_service.inbox.auth.guard import CSRF_HEADER
from lead_service.inbox.auth.oidc import CALLBACK_PATH
from lead_service.models.staff import StaffUser

from ...support.identity_provider import identity_provider, log_in

pytestmark = pytest.mark.e2e

INBOX = "http://localhost"
ACCOUNTS = {
    "ann": {"email": "Ann@Staff.example", "email_verified": True},
    "dan": {"email": "dan@staff.example", "email_verified": True},  # disabled
    "una": {"email": "una@staff.example", "email_verified": False},
    "sam": {"email": "sam@elsewhere.example", "email_verified": True},  # no account
}


@pytest.fixture(scope="module")
def provider(tmp_path_factory):
    with identity_provider(tmp_path_factory.mktemp("oidc"), [INBOX + CALLBACK_PATH], ACCOUNTS) as found:
        yield found


@pytest.fixture
def make_app(each_database, provider):
    """The service over each database, signing in through the provider, with `settings`."""
    url, _engine = each_database
    made = []

    def make(**settings):
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": database_url(url),
                "INBOX_URL": INBOX,
                "RATELIMIT_ENABLED": False,
                **provider.settings(),
                **settings,
            }
        )
        with app.app_context():
            if not made:
                flask_migrate.upgrade()
                for name in ("ann", "dan", "una"):
                    db.session.add(
                        StaffUser(
                            email=f"{name}@staff.example",
                            name=name,
                            role="sales",
                            password_hash=passwords.hash_password("correct horse battery"),
                        )
                    )
                db.session.execute(text("UPDATE staff_users SET disabled_at = created_at WHERE name = 'dan'"))
                db.session.commit()
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


def _callback(client, login: str) -> str:
    """The start, the provider's login as `login`: the callback's URL, path and query."""
    started = client.get("/api/inbox/auth/oidc/start")
    assert started.status_code == 302, started.json
    back = urlsplit(log_in(started.headers["Location"], login))
    assert back.path == CALLBACK_PATH
    return f"{back.path}?{back.query}"


def _landing(answer) -> dict[str, list[str]]:
    assert answer.status_code == 302, answer.get_data(as_text=True)
    where = urlsplit(answer.headers["Location"])
    assert f"{where.scheme}://{where.netloc}{where.path}" == f"{INBOX}/inbox/login"
    return parse_qs(where.query)


def _events(app) -> list[tuple[str, dict]]:
    with app.app_context():
        rows = db.session.execute(text("SELECT action, detail FROM audit_events ORDER BY id")).all()
    return [(action, json.loads(detail) if detail else {}) for action, detail in rows]


def _session_cookie(answer) -> bool:
    return any(c.startswith("__Host-inbox-session=") for c in answer.headers.getlist("Set-Cookie"))


def test_with_the_second_factor_the_provider_sign_in_stops_before_the_inbox_code(make_app):
    app = make_app()
    client = app.test_client()
    assert client.get("/api/inbox/sign-in/methods").json == {"password": True, "oidc": "Test Provider"}

    landed = client.get(_callback(client, "ann"))

    assert _landing(landed) == {"oidc": ["second_factor"]}
    assert _session_cookie(landed)
    # Not signed in yet: the inbox's own second factor (here, setting the app up) comes next.
    assert client.get("/api/inbox/session").status_code == 401
    step = client.get("/api/inbox/sign-in/step", headers={"Sec-Fetch-Site": "same-origin"})
    assert step.status_code == 200 and step.json["next"] == "enrol"
    secret = client.get("/api/inbox/enrolment").json["secret"]
    assert [action for action, _ in _events(app)] == ["oidc_verified"]

    # The app set up, the sign-in is recorded as the provider's, with the inbox's own code.
    enrolled = client.post(
        "/api/inbox/enrolment",
        json={"code": pyotp.TOTP(secret).now()},
        headers={"Origin": INBOX, "Sec-Fetch-Site": "same-origin", CSRF_HEADER: step.json["csrf"]},
    )
    assert enrolled.status_code == 200, enrolled.json
    assert client.get("/api/inbox/session").json["user"]["email"] == "ann@staff.example"
    assert _events(app)[-1] == ("sign_in", {"method": "oidc", "second_factor": "totp"})


def test_without_the_second_factor_the_provider_signs_in(make_app):
    app = make_app(INBOX_OIDC_SECOND_FACTOR=False)
    client = app.test_client()

    landed = client.get(_callback(client, "ann"))

    assert _landing(landed) == {"oidc": ["signed_in"]}
    session = client.get("/api/inbox/session")
    assert session.status_code == 200 and session.json["user"]["email"] == "ann@staff.example"
    assert _events(app) == [("sign_in", {"method": "oidc", "second_factor": "none"})]


@pytest.mark.parametrize(
    ("login", "reason"),
    [("sam", "oidc_not_staff"), ("una", "oidc_unverified"), ("dan", "oidc_disabled")],
)
def test_who_is_refused(make_app, login, reason):
    app = make_app(INBOX_OIDC_SECOND_FACTOR=False)
    client = app.test_client()

    landed = client.get(_callback(client, login))

    assert _landing(landed) == {"error": [reason]}
    assert not _session_cookie(landed)
    assert client.get("/api/inbox/session").status_code == 401
    assert _events(app) == [("sign_in_failed", {"method": "oidc", "reason": reason})]


def test_a_wrong_state_is_refused(make_app):
    app = make_app(INBOX_OIDC_SECOND_FACTOR=False)
    client = app.test_client()
    callback = _callback(client, "ann")
    state = parse_qs(urlsplit(callback).query)["state"][0]

    landed = client.get(callback.replace(f"state={state}", "state=somebody-elses"))

    assert _landing(landed) == {"error": ["oidc_failed"]}
    assert not _session_cookie(landed)
    assert _events(app) == [("sign_in_failed", {"method": "oidc", "reason": "oidc_failed"})]


def test_a_replayed_code_is_refused(make_app):
    app = make_app(INBOX_OIDC_SECOND_FACTOR=False)
    client = app.test_client()
    callback = _callback(client, "ann")
    assert _landing(client.get(callback)) == {"oidc": ["signed_in"]}

    # The same callback again: its state was spent with the first.
    again = client.get(callback)
    # The old code with a fresh start's state: the provider refuses a code used once.
    fresh = urlsplit(_callback(client, "ann"))
    old_code = parse_qs(urlsplit(callback).query)["code"][0]
    state = parse_qs(fresh.query)["state"][0]
    replayed = client.get(f"{CALLBACK_PATH}?code={old_code}&state={state}")

    for answer in (again, replayed):
        assert _landing(answer) == {"error": ["oidc_failed"]}
        assert not _session_cookie(answer)
    assert [detail.get("reason") for _, detail in _events(app)] == [None, "oidc_failed", "oidc_failed"]


def test_the_provider_refusing_is_a_refusal(make_app):
    app = make_app()
    client = app.test_client()
    client.get("/api/inbox/auth/oidc/start")

    landed = client.get(f"{CALLBACK_PATH}?error=access_denied&state=x")

    assert _landing(landed) == {"error": ["oidc_cancelled"]}


def test_with_passwords_off_the_password_step_is_refused(make_app):
    app = make_app(INBOX_PASSWORD_SIGN_IN=False)
    client = app.test_client()
    client.environ_base.update({"HTTP_ORIGIN": INBOX, "HTTP_SEC_FETCH_SITE": "same-origin"})
    csrf = client.get("/api/inbox/sign-in").json["csrf"]

    answer = client.post(
        "/api/inbox/sign-in",
        json={"email": "ann@staff.example", "password": "correct horse battery"},
        headers={CSRF_HEADER: csrf},
    )

    assert answer.status_code == 403 and answer.json["description"] == PASSWORDS_OFF
    assert not _session_cookie(answer)
    assert client.get("/api/inbox/sign-in/methods").json == {"password": False, "oidc": "Test Provider"}


def test_unset_it_is_off(make_app):
    client = make_app(INBOX_OIDC_ISSUER="").test_client()

    assert client.get("/api/inbox/auth/oidc/start").status_code == 404
    assert client.get(f"{CALLBACK_PATH}?code=x&state=y").status_code == 404
    assert client.get("/api/inbox/sign-in/methods").json == {"password": True, "oidc": None}
