"""POST /api/quote: the Get Custom Quote form's rules, as forms.json gives them."""

import pytest

from lead_service import content

from ..refusals import refusal

BUDGETS = [
    "500$ - 1000$ Esmtimated",
    "1000$ - 5000$ Estimated",
    "5000$ - 10000$ Estimated",
    "More than 10000$ Estimated",
]
VALID = {
    "name": "Arif Hossain",
    "email": "arif@kite.example",
    "phone": "+880 1712-345678",
    "project": "A learning platform for 3,000 field staff.",
    "budget": BUDGETS[1],
    "phoneCountry": "BD",
}
REQUIRED = ["name", "email", "phone", "project", "budget"]
PHONE_MESSAGE = "Enter a full phone number for the chosen country, or start it with + and the country code."


def test_budget_options_in_forms_json_are_the_spec_texts():
    assert content.load("forms")["forms"]["quote"]["fields"]["budget"]["options"] == BUDGETS


def test_valid_request_is_stored_with_e164_phone(client, rows):
    response = client.post("/api/quote", json={**VALID, "page": "/"})

    assert response.status_code == 201
    [stored] = rows("quote")
    assert response.json == {
        "id": stored.id,
        "status": "received",
        "phone": "+8801712345678",
        "country": "Bangladesh",
    }
    assert (stored.name, stored.email, stored.project) == (VALID["name"], VALID["email"], VALID["project"])
    assert (stored.phone, stored.budget, stored.country, stored.page) == (
        "+8801712345678",
        BUDGETS[1],
        "Bangladesh",
        "/",
    )


def test_every_missing_field_says_this_field_is_required(client, rows):
    response = client.post("/api/quote", json={})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: ["This field is required"] for field in REQUIRED}}
    assert rows("quote") == []


@pytest.mark.parametrize("field", REQUIRED)
@pytest.mark.parametrize("blank", ["", "  ", None])
def test_each_blank_field_is_required(client, field, blank):
    response = client.post("/api/quote", json={**VALID, field: blank})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {field: ["This field is required"]}}


@pytest.mark.parametrize("budget", BUDGETS)
def test_each_budget_option_is_accepted_verbatim(client, rows, budget):
    assert client.post("/api/quote", json={**VALID, "budget": budget}).status_code == 201
    assert rows("quote")[0].budget == budget


@pytest.mark.parametrize(
    "budget",
    ["500$ - 1000$ Estimated", "more than 10000$ estimated", "1000$-5000$ Estimated", "Any", "10000"],
)
def test_any_other_budget_is_rejected(client, budget):
    response = client.post("/api/quote", json={**VALID, "budget": budget})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"budget": ["Choose one of the listed budgets."]}}


def test_an_email_without_an_at_is_refused_as_the_contact_forms_refuse_it(client, rows):
    response = client.post("/api/quote", json={**VALID, "email": "arif at kite"})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"email": ["Invalid email address"]}}
    assert rows("quote") == []


@pytest.mark.parametrize(
    ("phone", "e164"),
    [
        ("+880 1712-345678", "+8801712345678"),
        ("01712-345678", "+8801712345678"),
        ("880 1712 345678", "+8801712345678"),
        ("+60 12-345 6789", "+60123456789"),
        ("+1 (415) 555-0134", "+14155550134"),
        ("+44 20 7946 0958", "+442079460958"),
    ],
)
def test_phone_is_stored_in_e164(client, rows, phone, e164):
    assert client.post("/api/quote", json={**VALID, "phone": phone}).status_code == 201
    assert rows("quote")[0].phone == e164


@pytest.mark.parametrize("phone", ["12345", "+", "+880", "+999 1234567", "+1 23", "phone", "+8" * 16])
def test_impossible_phone_is_rejected(client, phone):
    response = client.post("/api/quote", json={**VALID, "phone": phone})

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"phone": [PHONE_MESSAGE]}}


def test_a_country_sent_is_not_stored_the_numbers_is(client, rows):
    response = client.post("/api/quote", json={**VALID, "phone": "+60 12-345 6789", "country": "Bangladesh"})

    assert response.status_code == 201
    assert rows("quote")[0].country == response.json["country"] == "Malaysia"


@pytest.mark.parametrize(
    ("field", "limit"), [("name", 100), ("email", 254), ("phone", 32), ("project", 5000)]
)
def test_length_bounds(client, field, limit):
    def of_length(length: int) -> str:
        if field == "phone":
            return "+880" + " " * (length - 14) + "1712345678"
        return "y" * (length - 13) + "@kite.example" if field == "email" else "y" * length

    over = client.post("/api/quote", json={**VALID, field: of_length(limit + 1)})

    assert client.post("/api/quote", json={**VALID, field: of_length(limit)}).status_code == 201
    assert over.status_code == 400
    assert refusal(over) == {"errors": {field: [f"Please keep this under {limit} characters."]}}
