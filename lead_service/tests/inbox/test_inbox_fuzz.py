"""Whatever a signed-in admin's browser, or a script holding its cookie, sends to the inbox, the
service answers 2xx or 4xx, never 5xx: every operation under /api/inbox/ in the OpenAPI document
(so a new route too) gets generated JSON bodies, raw bodies, query strings and path segments full of
control characters, lone surrogates, direction overrides, zero-width characters, other scripts'
digits, long and deeply nested values, wrong types and huge numbers, each request from a fresh
session at the stage its route needs (so that one which ends its session stops no other). A 4xx is
JSON in the service's error shape; any answer is one the document lists, and a JSON one matches
its schema there."""

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from lead_service.extensions import db
from lead_service.inbox.auth import sessions
from lead_service.inbox.auth.auth_api import CSRF_COOKIE
from lead_service.inbox.leads import work
from lead_service.models.leads import LeadAddress
from lead_service.models.staff import StaffUser

from .conftest import PASSWORD, SITE_ORIGIN, contact, quote, with_session
from .documented import OPERATIONS, SPEC, Operation, World, bodies, paths, query_strings
from .hostile import CONTENT_TYPES, raw_bodies

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Each operation that reads a JSON body; each POST, whatever it reads; each GET with parameters.
WITH_BODY = [op for op in OPERATIONS if op.body]
POSTS = [op for op in OPERATIONS if op.method == "post"]
WITH_PARAMETERS = [op for op in OPERATIONS if op.method == "get" and op.spec.get("parameters")]
ERROR = {
    "oneOf": [{"$ref": "#/components/schemas/ValidationErrors"}, {"$ref": "#/components/schemas/HttpError"}]
}


def _check(schema: dict[str, Any], instance: Any) -> None:
    validator = Draft202012Validator(
        {**schema, "components": SPEC["components"]}, format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    validator.validate(instance)


def _answered(op: Operation, response) -> None:
    """No 5xx; a status the operation documents, with a body of the schema it gives (a 4xx always
    JSON: the service's error shape, or for a conflict the fresh state it documents)."""
    response.get_data()  # the whole of a streamed answer, whose end may fail too
    status = response.status_code
    assert status < 500, f"{op}: {status} {response.get_data(as_text=True)[:3000]}"
    if status >= 400:
        assert response.is_json, f"{op}: {status} {response.get_data()[:500]!r}"
    documented = op.spec["responses"].get(str(status))
    if documented is None:
        # A path no route takes (a negative id, say) is the app's 404, not the operation's.
        assert status == 404 and "{" in op.path, f"{op}: {status} is not documented"
        _check(ERROR, response.json)
        return
    content = documented.get("content", {})
    if "application/json" in content:
        assert response.is_json, f"{op}: {status} is not JSON"
        _check(content["application/json"]["schema"], response.json)
    if response.is_json and "code" in response.json:
        assert response.json["code"] == status


# The test's rows and sessions ----------------------------------------------------------------------


@pytest.fixture
def world(app, enrolled, add) -> World:
    """An admin whose authenticator app is set up, a contact message and a quote request, each with
    its address from before the one table, and a note of the admin's on the first, still theirs to
    correct."""
    admin_id, _secret = enrolled("admin")
    leads = add(contact(), quote())
    with app.app_context():
        db.session.add_all(
            [
                LeadAddress(kind=kind, old_id=7, lead_id=lead_id)
                for kind, lead_id in zip(("contact", "quote"), leads, strict=True)
            ]
        )
        db.session.commit()
        note = work.add_note(leads[0], "A first note", db.session.get(StaffUser, admin_id))
        numbers = (admin_id, note.id, *leads, 7, 0, 1, 2)
    words = ("contact", "quote", "ann@acme.example", "quinn@quote.example", PASSWORD, "123456", "abcde-fghij")
    return World(admin_id, numbers, words)


@pytest.fixture
def session_for(app, client, world):
    """Makes the client a new session of the admin's at the operation's stage (for the sign-in and
    an invitation, the token GET /api/inbox/sign-in would have set): the client."""

    def start(op: Operation):
        if op.stage is None:
            client.set_cookie(CSRF_COOKIE, "fuzz", domain="localhost", path="/", secure=True)
            client.environ_base.update(
                {
                    "HTTP_ORIGIN": SITE_ORIGIN,
                    "HTTP_SEC_FETCH_SITE": "same-origin",
                    "HTTP_X_CSRF_TOKEN": "fuzz",
                }
            )
            return client
        with app.app_context():
            token = sessions.start(db.session.get(StaffUser, world.admin_id), op.stage)
            db.session.commit()
            return with_session(client, token)

    return start


# The tests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("op", WITH_BODY, ids=str)
@FUZZ
@given(data=st.data(), ascii_only=st.booleans())
def test_any_json_body(session_for, world, op, data, ascii_only):
    path, body = data.draw(paths(op, world)), data.draw(bodies(op, world))
    # Not ASCII only, a lone surrogate goes as the bytes UTF-8 would give it, which is not UTF-8.
    raw = json.dumps(body, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")

    response = session_for(op).open(path, method=op.method, data=raw, content_type="application/json")

    _answered(op, response)


@pytest.mark.parametrize("op", POSTS, ids=str)
@FUZZ
@given(data=st.data(), body=raw_bodies, content_type=st.sampled_from(CONTENT_TYPES))
def test_any_raw_body(session_for, world, op, data, body, content_type):
    path = data.draw(paths(op, world))

    response = session_for(op).open(path, method=op.method, data=body, content_type=content_type)

    _answered(op, response)


@pytest.mark.parametrize("op", WITH_PARAMETERS, ids=str)
@FUZZ
@given(data=st.data())
def test_any_query(session_for, world, op, data):
    path, query = data.draw(paths(op, world)), data.draw(query_strings(op, world))

    response = session_for(op).get(path, query_string=query)

    _answered(op, response)


def test_only_the_sign_in_and_the_invitation_are_unguarded():
    """The operations above are found by their guard's stage: a route without one is the sign-in's
    own or an invitation's (the ways in, with the sign-in's CSRF token), the OpenID provider's start
    and callback and the list of ways in (all reads), or a new one to look at."""
    unguarded = {str(op) for op in OPERATIONS if op.stage is None}

    assert unguarded == {
        "GET /api/inbox/sign-in",
        "POST /api/inbox/sign-in",
        "POST /api/inbox/invitation",
        "GET /api/inbox/sign-in/methods",
        "GET /api/inbox/auth/oidc/start",
        "GET /api/inbox/auth/oidc/callback",
    }
    assert len(WITH_BODY) >= 10 and len(WITH_PARAMETERS) >= 4
