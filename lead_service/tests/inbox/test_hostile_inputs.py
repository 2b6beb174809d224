"""What a stranger or a careless paste can put in the inbox's fields answers 400 with the field's
message (or, for a code, the wrong code's answer), never 500: control characters such as NUL (which
PostgreSQL cannot store or compare) in every field, and digits of other scripts in codes."""

import pytest

from lead_service.inbox.auth.passwords import policy_errors

from .conftest import PASSWORD, SITE_ORIGIN

EMAIL = "sales@staff.example"
HOSTILE = ["\x00", "a\x00b", "line\nbreak", "\x1b[31m", "\u202eevil", "\x7f"]
# Six digits of other scripts: \d would take them for a code.
OTHER_DIGITS = ["١٢٣٤٥٦", "１２３４５６", "۱۲۳۴۵۶", "१२३४५६"]


def _sign_in_csrf(client) -> str:
    client.environ_base.update({"HTTP_ORIGIN": SITE_ORIGIN, "HTTP_SEC_FETCH_SITE": "same-origin"})
    return client.get("/api/inbox/sign-in").json["csrf"]


@pytest.mark.parametrize("field", ["email", "password"])
@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_control_character_at_sign_in_is_a_400(client, enrolled, field, hostile):
    enrolled("sales", EMAIL)
    csrf = _sign_in_csrf(client)
    body = {
        "email": EMAIL,
        "password": PASSWORD,
        field: f"{EMAIL if field == 'email' else PASSWORD}{hostile}",
    }

    answer = client.post("/api/inbox/sign-in", json=body, headers={"X-CSRF-Token": csrf})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [field]


@pytest.mark.parametrize("code", [*HOSTILE, *OTHER_DIGITS])
def test_a_code_of_other_digits_or_control_characters_is_never_a_500(client, enrolled, password_step, code):
    enrolled("sales", EMAIL)
    assert password_step(EMAIL).status_code == 200

    answer = client.post("/api/inbox/sign-in/code", json={"code": code})

    # Other digits are no app's code, and no recovery code either: the wrong code's answer.
    assert answer.status_code == (401 if code in OTHER_DIGITS else 400)


@pytest.mark.parametrize("code", [*HOSTILE, *OTHER_DIGITS])
def test_enrolment_refuses_a_code_of_other_digits_or_control_characters(
    client, staff_user, password_step, code
):
    staff_user("sales", EMAIL)
    assert password_step(EMAIL).status_code == 200
    assert client.get("/api/inbox/enrolment").status_code == 200

    answer = client.post("/api/inbox/enrolment", json={"code": code})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["code"]


@pytest.mark.parametrize("parameter", ["q", "cursor"])
@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_control_character_in_the_lists_query_is_a_400(signed_in, parameter, hostile):
    client = signed_in("viewer")

    answer = client.get("/api/inbox/leads", query_string={parameter: f"mina{hostile}"})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == [parameter]


def test_a_password_the_sign_in_would_refuse_cannot_be_set():
    assert policy_errors("a perfectly long one\x00") is not None
    assert policy_errors("a perfectly long \u202eone") is not None
    assert policy_errors("a perfectly long one") is None
