"""Schemathesis against the running service's own /api/openapi.json: generated and mutated
requests on every operation, with no 5xx and no answer that breaks the document; and again on the
inbox's operations as a signed-in admin, so that their bodies and parameters are read, not only
their 401."""

import re
import secrets
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from argon2 import PasswordHasher
from flask import current_app

from lead_service import create_app
from lead_service.extensions import db
from lead_service.inbox.auth import sessions
from lead_service.inbox.auth.auth_api import CSRF_COOKIE
from lead_service.models.staff import StaffUser
from lead_service.tests.inbox.conftest import contact, quote

from ...support.servers import BIN, lead_service

pytestmark = pytest.mark.e2e

# Every check but one: "schema-valid requests are accepted" cannot hold, because the service checks
# more than JSON Schema can say (a phone number must be possible in its country, control characters
# and blank-after-trimming values are refused). Those get 400 with the form's messages.
EXCLUDED_CHECKS = "positive_data_acceptance"
SEED = "20261123"
# The inbox's operations by the stage of the session they need: the sign-in's second step, and the
# rest but those that would end the session, and with it every later request's reach (each of
# those has a session of its own per request in lead_service/tests/inbox/test_inbox_fuzz.py).
SECOND_STEP = r"^/api/inbox/(sign-in/code|sign-in/step|enrolment)$"
ENDS_THE_SESSION = r"^/api/inbox/(sign-out|sign-out/everywhere|account/password)$"


def _schemathesis(url: str, tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    run = subprocess.run(
        [
            BIN / "st",
            "--config-file",
            Path(__file__).with_name("schemathesis.toml"),
            "run",
            f"{url}/api/openapi.json",
            "--checks",
            "all",
            "--exclude-checks",
            EXCLUDED_CHECKS,
            "--max-examples",
            "100",
            "--seed",
            SEED,
            "--no-color",
            *options,
        ],
        cwd=tmp_path,  # its .hypothesis and report folders stay out of the project
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    # The failures' heads name their operations; the tail counts them.
    failures = run.stdout[run.stdout.find("FAILURES") :]
    assert run.returncode == 0, failures[:3000] + "\n[…]\n" + run.stdout[-3000:] + run.stderr[-2000:]
    return run


def _operations(run: subprocess.CompletedProcess) -> tuple[int, int]:
    """How many operations the run selected, of how many the document has."""
    found = re.search(r"Operations:\s+(\d+) selected / (\d+) total", run.stdout)
    return int(found[1]), int(found[2])


def test_no_generated_request_gets_a_5xx_or_an_undocumented_answer(tmp_path):
    with lead_service(tmp_path, f"sqlite:///{tmp_path / 'leads.db'}") as url:
        run = _schemathesis(url, tmp_path)

    # Every operation, the inbox's included (the document names every route: test_openapi.py).
    selected, total = _operations(run)
    assert selected == total >= 25


def _admin_session(stage: str) -> tuple[str, dict[str, str]]:
    """An admin's session at `stage`, made in the service's database as a sign-in would, and the
    headers of their browser on the inbox's pages: its cookie, its CSRF token and the inbox's
    origin; and a contact message and a quote request, for the generated requests to find. In an
    app context of an app where the service runs (LEAD_SERVICE_INSTANCE_PATH), for its key."""
    user = StaffUser(
        email="contract@staff.example",
        name="Contract",
        role="admin",
        password_hash=PasswordHasher().hash(secrets.token_urlsafe(32)),
    )
    db.session.add_all([user, contact(), quote()])
    db.session.flush()
    token = sessions.start(user, stage)
    db.session.commit()
    csrf, inbox = sessions.csrf_token(token), urlsplit(current_app.config["INBOX_URL"])
    return token, {
        # A __Host- cookie is Secure, which only the browser minds: the service reads the header.
        # The sign-in's token, the one change made without a session, is the session's too, so
        # that its generated bodies are read as well.
        "Cookie": f"{sessions.COOKIE}={token}; {CSRF_COOKIE}={csrf}",
        "Origin": f"{inbox.scheme}://{inbox.netloc}",
        "Sec-Fetch-Site": "same-origin",
        "X-CSRF-Token": csrf,
    }


@pytest.mark.parametrize(
    ("stage", "operations", "at_least"),
    [
        (
            "signed_in",
            [
                "--include-path-regex",
                "^/api/inbox/",
                "--exclude-path-regex",
                f"{SECOND_STEP}|{ENDS_THE_SESSION}",
            ],
            15,
        ),
        # No link joins the second step's operations: the stateful phase would have none to follow.
        ("password", ["--include-path-regex", SECOND_STEP, "--phases", "examples,coverage,fuzzing"], 3),
    ],
    ids=["signed-in", "second-step"],
)
def test_as_staff_no_inbox_request_gets_a_5xx_or_an_undocumented_answer(
    tmp_path, monkeypatch, stage, operations, at_least
):
    database = f"sqlite:///{tmp_path / 'leads.db'}"
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    app = create_app({"SQLALCHEMY_DATABASE_URI": database})
    with lead_service(tmp_path, database) as url, app.app_context():
        token, headers = _admin_session(stage)
        as_staff = [option for name, value in headers.items() for option in ("-H", f"{name}: {value}")]
        run = _schemathesis(url, tmp_path, *operations, *as_staff)
        # Alive to the end: every generated request was read past the guard.
        assert sessions.find(token) is not None
        db.engine.dispose()

    selected, _total = _operations(run)
    assert selected >= at_least
