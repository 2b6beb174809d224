"""Staff of each role, signed in without the sign-in's steps, and leads stored as given, for the
tests of what comes after; staff whose authenticator app is set up, the sign-in's first step as the
page takes it, and the audit trail as stored, for the tests of the sign-in itself."""

import json
import threading
from collections.abc import Callable
from datetime import UTC, datetime

import pyotp
import pytest
from argon2 import PasswordHasher, profiles

from lead_service.extensions import db
from lead_service.inbox.auth import passwords, sessions, totp
from lead_service.models.assignment import AssignmentRule, StaffGroup, UnownedAlertSetting
from lead_service.models.conversation import SavedReply
from lead_service.models.deals import DealStage, LostReason
from lead_service.models.leads import Lead, OutboxMessage
from lead_service.models.people import PersonAddress, PersonMerge, PersonMergeMove
from lead_service.models.staff import (
    ApiToken,
    AuditEvent,
    RecoveryCode,
    ResponseTarget,
    SavedView,
    SignInFailure,
    StaffInvitation,
    StaffSession,
    StaffUser,
)
from lead_service.models.webhooks import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from lead_service.outbox import queue
from lead_service.outbox.channels import EmailChannel

from ..audit_cleanup import clear_audit_trail
from ..receivers import SmtpSink
from .answering import mailbox  # noqa: F401 (the sales mailbox, for the tests of answers)
from .exact_answers import exact_answers  # noqa: F401 (autouse: every test's answers are checked)

# What a browser on the site's own pages sends with a change (the service's SITE_URL default).
SITE_ORIGIN = "http://127.0.0.1:3000"
PASSWORD = "correct horse battery"
# argon2-cffi's profile for tests: a hash in microseconds, where today's parameters take a tenth of a
# second of a core, hundreds of times over in these tests.
CHEAPEST = PasswordHasher.from_parameters(profiles.CHEAPEST)
CHEAPEST_DUMMY_HASH = CHEAPEST.hash("nobody's password")


@pytest.fixture(autouse=True)
def cheapest_password_hashes(request, monkeypatch):
    """Passwords hashed and checked at the cheapest parameters, as every hash stored here is made,
    except in the tests marked `argon2_defaults`: those about the parameters themselves."""
    if request.node.get_closest_marker("argon2_defaults") is None:
        monkeypatch.setattr(passwords, "_hasher", CHEAPEST)
        monkeypatch.setattr(passwords, "DUMMY_HASH", CHEAPEST_DUMMY_HASH)


@pytest.fixture(autouse=True)
def no_staff_left(app):
    yield
    with app.app_context():
        clear_audit_trail()
        # A test that made no lead still leaves its staff's security notices and morning e-mails; a
        # lead they own, or a note they wrote, would hold their rows.
        db.session.execute(db.delete(OutboxMessage).where(OutboxMessage.purpose.in_(("security", "due"))))
        db.session.execute(db.delete(Lead))
        for model in (WebhookAttempt, WebhookDelivery, WebhookEndpoint):
            db.session.execute(db.delete(model))
        _pipeline_as_migrated()
        for model in (
            PersonMergeMove,
            PersonAddress,
            PersonMerge,
            AssignmentRule,
            StaffGroup,
            UnownedAlertSetting,
            ResponseTarget,
            SavedView,
            SavedReply,
            SignInFailure,
            RecoveryCode,
            StaffInvitation,
            StaffSession,
            ApiToken,
            StaffUser,
        ):
            db.session.execute(db.delete(model))
        db.session.commit()


# The pipeline migration 0030 starts a team with, which a test (the fuzz of every operation among them)
# may rename, reorder or add to: put back after each.
STAGES = (
    ("New", 10, None),
    ("Contacted", 20, None),
    ("Qualified", 40, None),
    ("Proposal", 60, None),
    ("Won", 100, "won"),
    ("Lost", 0, "lost"),
)
LOST_REASONS = ("Price", "Timing", "Chose someone else", "No answer", "Not a fit")


def _pipeline_as_migrated() -> None:
    """The stages and reasons as the migration made them, ids and all (no deal is left to name one)."""
    db.session.execute(db.delete(DealStage))
    db.session.execute(db.delete(LostReason))
    db.session.add_all(
        DealStage(id=n, name=name, position=n, probability=probability, outcome=outcome)
        for n, (name, probability, outcome) in enumerate(STAGES, start=1)
    )
    db.session.add_all(
        LostReason(id=n, name=name, position=n) for n, name in enumerate(LOST_REASONS, start=1)
    )


def two_workers_at_once(app, step: Callable[[], int]) -> list[int]:
    """`step` run by two threads at the same moment, each in an app context and a session of its
    own, as two outbox workers would: what each returned, smallest first."""
    counts = []

    def worker():
        with app.app_context():
            counts.append(step())
            db.session.remove()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(counts)


@pytest.fixture
def staff_user(app):
    """Makes a staff user of a role, their authenticator app not set up (see `enrolled`): their id."""

    def make(role: str = "viewer", email: str | None = None, password: str = PASSWORD) -> int:
        with app.app_context():
            user = StaffUser(
                email=email or f"{role}@staff.example",
                name=f"A {role}",
                role=role,
                password_hash=passwords.hash_password(password),
            )
            db.session.add(user)
            db.session.commit()
            return user.id

    return make


@pytest.fixture
def colleague(app, client, staff_user):
    """A test client of its own, signed in as a new user of `role`: the client and the user's id.
    (`client`: its clean-up removes the test's leads.)"""

    def sign_in(role: str = "sales", email: str | None = None):
        user_id = staff_user(role, email or f"{role}-colleague@staff.example")
        with app.app_context():
            token = sessions.start(db.session.get(StaffUser, user_id), "signed_in")
            db.session.commit()
            return with_session(app.test_client(), token), user_id

    return sign_in


@pytest.fixture
def emailed(app):
    """Runs the outbox until nothing is due (the assignment rules' placing first), by e-mail alone
    to a real SMTP server (the team's address team@x.example, replies from the app's SALES_EMAIL):
    the server, with what it took."""
    sink = SmtpSink().start()

    def run() -> SmtpSink:
        channel = EmailChannel(
            "127.0.0.1",
            sink.port,
            "none",
            "",
            "",
            "Leads <leads@tidewell.example>",
            ["team@x.example"],
            5,
            app.config["SALES_EMAIL"],
        )
        with app.app_context():
            # As the worker goes round: the leads waiting for the assignment rules placed, then the
            # rest sent.
            queue.place_due(threading.Event(), lambda: None)
            while queue.deliver_next([channel]):
                pass
        return sink

    yield run
    sink.stop()


@pytest.fixture
def signed_in(app, client, staff_user):
    """A test client signed in as a new user of `role`, sending the site's Origin and the session's
    CSRF token with every request, as the inbox's pages do: the client."""

    def sign_in(role: str = "viewer", email: str | None = None):
        user_id = staff_user(role, email)
        with app.app_context():
            token = sessions.start(db.session.get(StaffUser, user_id), "signed_in")
            db.session.commit()
            return with_session(client, token)

    return sign_in


def new_browser(app):
    """A new browser on the inbox's pages, sending what they send with a change (the site's Origin,
    Sec-Fetch-Site)."""
    browser = app.test_client()
    browser.environ_base.update({"HTTP_ORIGIN": SITE_ORIGIN, "HTTP_SEC_FETCH_SITE": "same-origin"})
    return browser


def with_session(client, token: str):
    """The client sending the session's cookie, the site's Origin and the session's CSRF token, as
    the inbox's pages do (inside an app context, for the token's key): the client."""
    client.set_cookie(sessions.COOKIE, token, domain="localhost", path="/", secure=True)
    client.environ_base.update(
        {
            "HTTP_ORIGIN": SITE_ORIGIN,
            "HTTP_SEC_FETCH_SITE": "same-origin",
            "HTTP_X_CSRF_TOKEN": sessions.csrf_token(token),
        }
    )
    return client


@pytest.fixture
def enrolled(app, staff_user):
    """Makes a staff user whose authenticator app is set up: their id and the app's secret."""

    def make(role: str = "viewer", email: str | None = None, password: str = PASSWORD) -> tuple[int, str]:
        user_id = staff_user(role, email, password)
        secret = pyotp.random_base32()
        with app.app_context():
            user = db.session.get(StaffUser, user_id)
            user.totp_secret = totp._fernet().encrypt(secret.encode()).decode()
            db.session.commit()
        return user_id, secret

    return make


@pytest.fixture
def passwords_off(app, monkeypatch):
    """Switches passwords off (INBOX_PASSWORD_SIGN_IN=false) when called: the staff sign in with the
    OpenID provider, "Company SSO"."""

    def switch_off() -> None:
        monkeypatch.setitem(app.config, "INBOX_PASSWORD_SIGN_IN", False)
        monkeypatch.setitem(app.config, "INBOX_OIDC_NAME", "Company SSO")

    return switch_off


@pytest.fixture
def password_step(client):
    """Signs the test client in with an e-mail and password as the sign-in page does (the site's
    Origin, the token from GET /api/inbox/sign-in): the answer. When right, the client sends the
    new session's CSRF token from then on."""
    client.environ_base.update({"HTTP_ORIGIN": SITE_ORIGIN, "HTTP_SEC_FETCH_SITE": "same-origin"})

    def step(email: str, password: str = PASSWORD):
        csrf = client.get("/api/inbox/sign-in").json["csrf"]
        response = client.post(
            "/api/inbox/sign-in", json={"email": email, "password": password}, headers={"X-CSRF-Token": csrf}
        )
        if response.status_code == 200:
            client.environ_base["HTTP_X_CSRF_TOKEN"] = response.json["csrf"]
        return response

    return step


@pytest.fixture
def audit_trail(app):
    """The audit events stored so far, oldest first, as (action, actor_id, detail)."""

    def read() -> list[tuple[str, int | None, dict]]:
        with app.app_context():
            events = db.session.scalars(db.select(AuditEvent).order_by(AuditEvent.id)).all()
            return [(e.action, e.actor_id, json.loads(e.detail) if e.detail else {}) for e in events]

    return read


T0 = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def contact(name="Ann Contact", at=T0, **values):
    return Lead(
        **{
            "form": "contact",
            "name": name,
            "company": "Acme",
            "email": f"{name.split()[0].lower()}@acme.example",
            "phone": "+1 202-555-0100",
            "message": "Hello there",
            "page": "/services",
            "created_at": at,
            **values,
        }
    )


def quote(name="Quinn Quote", at=T0, **values):
    return Lead(
        **{
            "form": "quote",
            "name": name,
            "email": f"{name.split()[0].lower()}@quote.example",
            "phone": "+442079460000",
            "project": "A shop",
            "budget": "1000$ - 5000$ Estimated",
            "created_at": at,
            **values,
        }
    )


@pytest.fixture
def add(app):
    """Stores leads (and any other rows) as given: their ids."""

    def store(*rows):
        with app.app_context():
            db.session.add_all(rows)
            db.session.commit()
            return [row.id for row in rows]

    return store
