"""Staff of each role, signed in without the sign-in's steps, for the tests of what comes after."""

import pytest
from argon2 import PasswordHasher

from lead_service.extensions import db
from lead_service.inbox import sessions
from lead_service.inbox.models import AuditEvent, RecoveryCode, SignInFailure, StaffSession, StaffUser

# What a browser on the site's own pages sends with a change (the service's SITE_URL default).
SITE_ORIGIN = "http://127.0.0.1:3000"


@pytest.fixture(autouse=True)
def no_staff_left(app):
    yield
    with app.app_context():
        for model in (AuditEvent, SignInFailure, RecoveryCode, StaffSession, StaffUser):
            db.session.execute(db.delete(model))
        db.session.commit()


@pytest.fixture
def staff_user(app):
    """Makes a staff user of a role (enrolled in TOTP unless told otherwise): their id."""

    def make(role: str = "viewer", email: str | None = None, password: str = "correct horse battery") -> int:
        with app.app_context():
            user = StaffUser(
                email=email or f"{role}@staff.example",
                name=f"A {role}",
                role=role,
                password_hash=PasswordHasher().hash(password),
            )
            db.session.add(user)
            db.session.commit()
            return user.id

    return make


@pytest.fixture
def signed_in(app, client, staff_user):
    """A test client signed in as a new user of `role`, sending the site's Origin and the session's
    CSRF token with every request, as the inbox's pages do: the client."""

    def sign_in(role: str = "viewer", email: str | None = None):
        user_id = staff_user(role, email)
        with app.app_context():
            token = sessions.start(db.session.get(StaffUser, user_id), "signed_in")
            db.session.commit()
            csrf = sessions.csrf_token(token)
        client.set_cookie(sessions.COOKIE, token, domain="localhost", path="/", secure=True)
        client.environ_base.update(
            {"HTTP_ORIGIN": SITE_ORIGIN, "HTTP_SEC_FETCH_SITE": "same-origin", "HTTP_X_CSRF_TOKEN": csrf}
        )
        return client

    return sign_in
