"""The staff inbox for the browser tests: the lead service's two parts and the site, the inbox on an
origin of its own that the service knows (a change must come from it), staff made with the real
command line, and the sign-in's steps as a person takes them in the browser."""

import os
import subprocess
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyotp
import requests
from cryptography.fernet import Fernet
from sqlalchemy import Engine, text

from lead_service import create_app
from lead_service.config import database_url
from lead_service.extensions import db
from lead_service.inbox.auth import totp
from lead_service.inbox.auth.guard import CSRF_HEADER
from lead_service.models.staff import StaffUser

from .servers import BIN, INBOX_HOST, free_port, lead_service_parts, reverse_proxy, web
from .site import hydrated

PASSWORD = "correct horse battery"


@dataclass
class InboxSite:
    url: str  # the inbox's origin
    site: str  # the public site's
    database: str  # the service's DATABASE_URL
    engine: Engine
    totp_key: str

    def invite(self, email: str, role: str) -> str:
        """`lead-service users add`, as an admin runs it: the one-time link it prints."""
        added = subprocess.run(
            [BIN / "lead-service", "users", "add", email, "--name", f"A {role}", "--role", role],
            env={**os.environ, "DATABASE_URL": self.database, "INBOX_URL": self.url},
            check=True,
            capture_output=True,
            text=True,
        )
        return added.stdout.strip().splitlines()[-1]

    def add_staff(self, email: str, role: str, password: str = PASSWORD) -> None:
        """A staff member added with `lead-service users add` who chose `password` at their link (as
        its page sends it, straight to the service), their authenticator app not yet set up."""
        token = parse_qs(urlsplit(self.invite(email, role)).query)["token"][0]
        app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(self.database), "INBOX_URL": self.url})
        client = app.test_client()
        client.environ_base.update({"HTTP_ORIGIN": self.url, "HTTP_SEC_FETCH_SITE": "same-origin"})
        csrf = client.get("/api/inbox/sign-in").json["csrf"]
        body = {"token": token, "password": password, "repeat_password": password}
        taken = client.post("/api/inbox/invitation", json=body, headers={CSRF_HEADER: csrf})
        assert taken.status_code == 200, taken.json
        with app.app_context():
            db.engine.dispose()

    def enrolled_staff(self, email: str, role: str) -> str:
        """A staff member whose authenticator app is set up (as the enrolment leaves it): its secret."""
        self.add_staff(email, role)
        secret = pyotp.random_base32()
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": database_url(self.database), "INBOX_TOTP_KEY": self.totp_key}
        )
        with app.app_context():
            user = db.session.scalar(db.select(StaffUser).where(StaffUser.email == email))
            user.totp_secret = totp._fernet().encrypt(secret.encode()).decode()
            db.session.commit()
            db.engine.dispose()
        return secret

    def fake_leads(self, count: int) -> None:
        """`lead-service leads fake`, as a developer fills a test database."""
        subprocess.run(
            [BIN / "lead-service", "leads", "fake", "--count", str(count), "--seed", "26"],
            env={**os.environ, "DATABASE_URL": self.database},
            check=True,
            capture_output=True,
        )

    def newest_leads(self, count: int) -> list[str]:
        """The detail paths of the `count` newest leads that are not spam, in the list's order."""
        query = text("SELECT id FROM leads WHERE NOT spam ORDER BY created_at DESC, id DESC LIMIT :count")
        with self.engine.connect() as connection:
            return [f"/inbox/leads/{id_}" for id_ in connection.execute(query, {"count": count}).scalars()]

    def lead_id(self, email: str) -> int:
        """The id of the lead sent with this address (from any form)."""
        query = text("SELECT id FROM leads WHERE email = :email")
        with self.engine.connect() as connection:
            return connection.execute(query, {"email": email}).scalar_one()

    def lead_path(self, email: str) -> str:
        """The detail path of the lead sent with this address (from any form)."""
        return f"/inbox/leads/{self.lead_id(email)}"

    def post_lead(self, path: str, lead: dict) -> None:
        """A lead sent as the site's forms send it."""
        response = requests.post(f"{self.site}{path}", json=lead, timeout=10)
        assert response.status_code == 201, response.text

    def audit_actions(self, email: str | None = None) -> list[str]:
        """The actions on the audit trail, oldest first: everyone's, or those of the user `email`."""
        query = "SELECT action FROM audit_events"
        if email:
            query += " WHERE actor_id = (SELECT id FROM staff_users WHERE email = :email)"
        with self.engine.connect() as connection:
            return list(connection.execute(text(f"{query} ORDER BY id"), {"email": email}).scalars())


# The sales mailbox the inbox's replies go from.
SALES_EMAIL = "sales@tidewell.example"


@contextmanager
def inbox_site(
    tmp: Path, service_database: str, engine: Engine, behind_nginx: bool = False, settings: dict | None = None
):
    """The site as `make run` serves it: the lead service's two parts (told both origins, with a
    TOTP key), and the site's server twice, for the public site on 127.0.0.1 and for the inbox on
    an origin of its own, INBOX_HOST (another name for the same machine, which the browser keeps
    apart), replies going from SALES_EMAIL. `behind_nginx`: with deploy/nginx.conf in front, as
    deployed, the origins being its. `settings` go to the service's parts and the site's servers
    alike."""
    site_port, inbox_port = free_port(), free_port()
    nginx_port = free_port() if behind_nginx else None
    for folder in ("service", "web", "inbox-web", "nginx"):
        (tmp / folder).mkdir(exist_ok=True)
    key = Fernet.generate_key().decode()
    site = f"http://127.0.0.1:{nginx_port or site_port}"
    inbox = f"http://{INBOX_HOST}:{nginx_port or inbox_port}"
    shared = {"INBOX_URL": inbox, **(settings or {})}
    service_settings = {"SITE_URL": site, "INBOX_TOTP_KEY": key, "SALES_EMAIL": SALES_EMAIL, **shared}
    with lead_service_parts(tmp / "service", service_database, service_settings) as (service_url, inbox_api):
        web_settings = {"INBOX_API_URL": inbox_api, **shared}
        with (
            web(tmp / "web", service_url, port=site_port, settings=web_settings) as web_url,
            web(
                tmp / "inbox-web", inbox_api, port=inbox_port, settings=web_settings, staff_side=True
            ) as inbox_web_url,
            reverse_proxy(
                tmp / "nginx",
                web_url,
                service_url,
                inbox_api=inbox_api,
                port=nginx_port,
                inbox_web=inbox_web_url,
            )
            if behind_nginx
            else nullcontext(),
        ):
            yield InboxSite(inbox, site, service_database, engine, key)


def next_code(secret: str) -> str:
    """The app's code of the next 30-second step: a code is taken once, and the service accepts a
    step either side of now, so two sign-ins in one step each have a code of their own."""
    return pyotp.TOTP(secret).at(time.time() + 30)


def open_signed_in(page, path: str) -> None:
    """Goes to an inbox page and waits until React owns it: a press before then is the browser's
    alone, and a button that is not a link does nothing."""
    page.goto(path)
    page.wait_for_function(hydrated("header button"))


def password_step(page, email: str, password: str = PASSWORD, here: bool = False) -> None:
    """The sign-in's first step, on the sign-in page (`here`: the one the browser is on)."""
    if not here:
        page.goto("/inbox/login")
    page.wait_for_function(hydrated("form button[type=submit]"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Continue").click()


def sign_in(page, email: str, code: str) -> None:
    """Signs in with the password and `code` (the app's or a recovery code), to the list."""
    password_step(page, email)
    page.get_by_label("recovery code").fill(code)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/inbox")
    page.get_by_role("heading", name="Leads").wait_for()
