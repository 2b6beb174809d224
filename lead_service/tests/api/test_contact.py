"""POST /api/contact: the header modal's rules (every field required, the e-mail's form checked)
and the case-studies form's (name, e-mail and message required)."""

import pytest

from ..refusals import refusal

VALID = {
    "name": "Nadia Rahman",
    "company": "Brightfield Logistics",
    "email": "nadia.rahman@brightfield.co",
    "phone": "+880 1712-345678",
    "message": "We need a customer portal for our freight tracking.",
}
REQUIRED = {
    "name": "Name is required",
    "company": "Company Name is required",
    "email": "Email is required",
    "phone": "Phone number is required",
    "message": "Message is required",
}


def test_valid_message_is_stored_and_acknowledged(client, rows):
    response = client.post("/api/contact", json={**VALID, "page": "/case-studies/3"})

    assert response.status_code == 201
    [stored] = rows("contact")
    assert response.json == {
        "id": stored.id,
        "status": "received",
        "phone": "+8801712345678",
        "country": "Bangladesh",
    }
    assert (stored.form, stored.name, stored.company, stored.email) == (
        "contact",
        VALID["name"],
        VALID["company"],
        VALID["email"],
    )
    assert (stored.phone, stored.country, stored.message, stored.page) == (
        "+8801712345678",
        "Bangladesh",
        VALID["message"],
        "/case-studies/3",
    )
    assert stored.created_at is not None


def test_every_empty_field_gets_its_message_and_nothing_is_stored(client, rows):
    response = client.post("/api/contact", json={})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: [message] for field, message in REQUIRED.items()}}
    assert rows("contact") == []


@pytest.mark.parametrize("field", REQUIRED)
@pytest.mark.parametrize("blank", ["", "   \n\t", None])
def test_blank_field_counts_as_missing(client, field, blank):
    response = client.post("/api/contact", json={**VALID, field: blank})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: [REQUIRED[field]]}}


@pytest.mark.parametrize(
    "email",
    [
        "plain",
        "no-at.example.com",
        "a@b",
        "a@b.c",
        "a@b.abcde",
        "a b@c.com",
        "a@b.c0m",
        "ñ@b.com",
        "a@b.com.",
        "ſ@b.com",
    ],
)
def test_malformed_email_is_rejected(client, email):
    response = client.post("/api/contact", json={**VALID, "email": email})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"email": ["Invalid email address"]}}


@pytest.mark.parametrize(
    "email", ["a@b.co", "First.Last+tag@Sub.Example.ORG", "x_y%z-1@d-1.info", "  a@b.io  "]
)
def test_well_formed_email_is_accepted(client, rows, email):
    assert client.post("/api/contact", json={**VALID, "email": email}).status_code == 201
    assert rows("contact")[0].email == email.strip()


def test_strings_are_trimmed_and_unknown_fields_ignored(client, rows):
    response = client.post("/api/contact", json={**VALID, "name": "  Nadia  ", "admin": True, "id": 99})

    assert response.status_code == 201
    [stored] = rows("contact")
    assert stored.name == "Nadia"
    assert stored.id != 99 or response.json["id"] == 99


@pytest.mark.parametrize(
    ("field", "limit"), [("name", 100), ("company", 150), ("phone", 32), ("message", 5000)]
)
def test_length_bounds(client, field, limit):
    def of_length(length: int) -> str:
        # A phone number has to be one: spaces inside it make it as long as needed.
        return "+880" + " " * (length - 14) + "1712345678" if field == "phone" else "x" * length

    at_limit = client.post("/api/contact", json={**VALID, field: of_length(limit)})
    over = client.post("/api/contact", json={**VALID, field: of_length(limit + 1)})

    assert at_limit.status_code == 201
    assert over.status_code == 400
    assert refusal(over) == {"errors": {field: [f"Please keep this under {limit} characters."]}}


@pytest.mark.parametrize("value", [42, True, ["Nadia"], {"first": "Nadia"}])
def test_non_text_value_is_rejected(client, value):
    response = client.post("/api/contact", json={**VALID, "name": value})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"name": ["Please enter text here."]}}


ONE_LINE = "Please write this on one line, without line breaks or hidden formatting characters."
# Line breaks of every kind, the other C0 and C1 controls, DEL, and the direction overrides.
NOT_ONE_LINE = [
    *"\r\n\x85\u2028\u2029\x00\x07\t\x1b\x7f\x9b",
    *(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))),
]


@pytest.mark.parametrize("character", NOT_ONE_LINE, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("field", ["name", "company", "email", "phone", "page"])
def test_one_line_fields_refuse_line_breaks_controls_and_direction_overrides(client, field, character):
    value = {"page": "/about", "email": "nadia@example.com"}.get(field) or VALID[field]
    response = client.post("/api/contact", json={**VALID, field: value[:3] + character + value[3:]})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: [ONE_LINE]}}


@pytest.mark.parametrize("text", ["Hello\x00", "He\x07llo", "\x7f"])
def test_message_refuses_controls_other_than_line_breaks_and_tabs(client, text):
    response = client.post("/api/contact", json={**VALID, "message": text})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"message": ["This contains characters we cannot accept."]}}


@pytest.mark.parametrize("field", ["name", "message"])
def test_lone_surrogates_are_refused(client, field):
    response = client.post("/api/contact", json={**VALID, field: "\ud800"})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: ["This contains characters we cannot accept."]}}


def test_multiline_message_and_any_script_are_kept(client, rows):
    message = "Hello,\r\n\tবাংলা, 中文, emoji 🚀\u2028\u202eThanks\u202c\x85Nadia"
    assert client.post("/api/contact", json={**VALID, "message": message}).status_code == 201
    assert rows("contact")[0].message == message


def test_page_must_be_a_site_path(client):
    response = client.post("/api/contact", json={**VALID, "page": "https://elsewhere.example/"})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"page": ["Must be a path on this site."]}}


CASE_STUDIES_FORM = {
    "form": "caseStudiesContact",
    "name": "Omar Haddad",
    "email": "omar@haddad.example",
    "message": "Hi",
}


def test_case_studies_form_has_optional_company_and_phone(client, rows):
    response = client.post("/api/contact", json=CASE_STUDIES_FORM)

    assert response.status_code == 201
    [stored] = rows("contact")
    assert (stored.form, stored.company, stored.phone, stored.country) == (
        "caseStudiesContact",
        None,
        None,
        None,
    )


def test_case_studies_form_requires_name_email_and_message(client):
    response = client.post("/api/contact", json={"form": "caseStudiesContact"})

    assert response.status_code == 400
    assert refusal(response) == {
        "errors": {
            "name": ["Name is required"],
            "email": ["Email is required"],
            "message": ["Message is required"],
        }
    }


@pytest.mark.parametrize(
    ("email", "status"), [("omar@localhost", 201), ("omar@", 400), ("omar at mail", 400)]
)
def test_case_studies_email_follows_the_browser_email_check(client, email, status):
    response = client.post("/api/contact", json={**CASE_STUDIES_FORM, "email": email})

    assert response.status_code == status
    if status == 400:
        assert refusal(response) == {"errors": {"email": ["Invalid email address"]}}


@pytest.mark.parametrize("form", ["quote", "other", 7, None])
def test_unknown_form_is_rejected(client, form):
    response = client.post("/api/contact", json={**VALID, "form": form})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"form": ["Unknown form."]}}
