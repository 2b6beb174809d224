"""The service decides what a phone number is, on every form: it reads what the visitor typed in
the country the form sends beside it (phoneCountry, else forms.json's defaultPhoneCountry), or as
written when it starts with + and its country code, stores it in E.164, names the lead's country
from the number itself, and answers both."""

import json
import uuid

import phonenumbers
import pytest

from lead_service import content

from ..refusals import refusal

FORMS = content.load("forms")
PHONE_COUNTRIES = content.load("phone-countries")["countries"]
ONE_LINE = FORMS["messages"]["singleLine"]
NOT_TEXT = FORMS["messages"]["notText"]

# One lead of each form, as its page sends it: the quote form with the country its list shows
# (Bangladesh until the visitor chooses another), the contact forms with the site's default.
LEADS = {
    "quote": (
        "/api/quote",
        {
            "name": "Arif Hossain",
            "email": "arif@kite.example",
            "phone": "01712345678",
            "project": "A learning platform.",
            "budget": FORMS["forms"]["quote"]["fields"]["budget"]["options"][0],
            "phoneCountry": "BD",
        },
    ),
    "contact": (
        "/api/contact",
        {
            "name": "Nadia Rahman",
            "company": "Brightfield Logistics",
            "email": "nadia@brightfield.co",
            "phone": "01712345678",
            "message": "We need a customer portal.",
            "phoneCountry": "BD",
        },
    ),
    "caseStudiesContact": (
        "/api/contact",
        {
            "form": "caseStudiesContact",
            "name": "Omar Haddad",
            "email": "omar@haddad.example",
            "phone": "01712345678",
            "message": "Hi",
            "phoneCountry": "BD",
        },
    ),
}
every_form = pytest.mark.parametrize("form", list(LEADS))


def _post(client, form, **changes):
    path, lead = LEADS[form]
    body = {key: value for key, value in {**lead, **changes}.items() if value is not ...}
    return client.post(path, json=body)


def _phone_message(form: str) -> str:
    return FORMS["forms"][form]["fields"]["phone"]["messages"].get("phone", FORMS["messages"]["phone"])


def _stored(rows, form, response):
    """The lead the answer names: its phone and country as stored."""
    [lead] = rows("quote" if form == "quote" else "contact")
    assert lead.id == response.json["id"]
    assert lead.form == form
    return lead.phone, lead.country


@every_form
@pytest.mark.parametrize(
    ("typed", "chosen", "e164", "country"),
    [
        # National digits, read in the chosen country.
        ("01712345678", "BD", "+8801712345678", "Bangladesh"),
        ("01712-345678", "BD", "+8801712345678", "Bangladesh"),
        ("012-345 6789", "MY", "+60123456789", "Malaysia"),
        # With its + and country code: the number's own country, whatever was chosen.
        ("+60 12-345 6789", "BD", "+60123456789", "Malaysia"),
        ("+880 1712-345678", "MY", "+8801712345678", "Bangladesh"),
        # In a range no country's plan holds yet: the country whose code it has.
        ("+44 7700 900123", "BD", "+447700900123", "United Kingdom"),
    ],
)
def test_the_phone_is_read_in_the_chosen_country_and_its_country_is_the_numbers(
    client, rows, form, typed, chosen, e164, country
):
    response = _post(client, form, phone=typed, phoneCountry=chosen)

    assert response.status_code == 201, response.json
    assert response.json == {
        "id": response.json["id"],
        "status": "received",
        "phone": e164,
        "country": country,
    }
    assert _stored(rows, form, response) == (e164, country)


@every_form
def test_without_a_chosen_country_the_phone_is_read_in_the_sites_default(client, rows, form):
    assert FORMS["defaultPhoneCountry"]["iso2"] == "BD"

    response = _post(client, form, phone="01712345678", phoneCountry=...)

    assert response.status_code == 201, response.json
    assert (response.json["phone"], response.json["country"]) == ("+8801712345678", "Bangladesh")
    assert _stored(rows, form, response) == ("+8801712345678", "Bangladesh")


@every_form
@pytest.mark.parametrize(
    ("e164", "country"),
    [("+8801712345678", "Bangladesh"), ("+60123456789", "Malaysia"), ("+442079460958", "United Kingdom")],
)
def test_a_number_in_e164_as_earlier_clients_send_it_is_kept(client, rows, form, e164, country):
    response = _post(client, form, phone=e164, phoneCountry=...)

    assert response.status_code == 201, response.json
    assert _stored(rows, form, response) == (e164, country)


@every_form
def test_a_country_sent_is_not_read(client, rows, form):
    response = _post(client, form, phone="+60 12-345 6789", country="Narnia")

    assert response.status_code == 201, response.json
    assert response.json["country"] == "Malaysia"
    assert _stored(rows, form, response) == ("+60123456789", "Malaysia")


@every_form
@pytest.mark.parametrize(
    ("chosen", "country"), [("CA", "Canada"), ("US", "United States"), ("BD", "United States")]
)
def test_a_number_of_a_shared_code_outside_every_plan_is_the_chosen_countrys_else_the_codes(
    client, rows, form, chosen, country
):
    # Area code 200 is nobody's yet: +1 belongs to Canada as to the United States and 23 others.
    number = phonenumbers.parse("+12005550123")
    assert phonenumbers.is_possible_number(number) and not phonenumbers.is_valid_number(number)

    response = _post(client, form, phone="+1 200 555 0123", phoneCountry=chosen)

    assert response.status_code == 201, response.json
    assert _stored(rows, form, response) == ("+12005550123", country)


@every_form
def test_a_number_of_no_country_is_stored_without_one(client, rows, form):
    response = _post(client, form, phone="+800 1234 5678")

    assert response.status_code == 201, response.json
    assert (response.json["phone"], response.json["country"]) == ("+80012345678", None)
    assert _stored(rows, form, response) == ("+80012345678", None)


@every_form
@pytest.mark.parametrize(("chosen", "message"), [("ZZ", None), ("bd", None), ("XX", None), (5, NOT_TEXT)])
def test_an_unknown_chosen_country_is_refused_on_its_own(client, rows, form, chosen, message):
    expected = message or FORMS["messages"]["phoneCountry"]

    # A number with its + is read whatever the country said: only the country is refused.
    response = _post(client, form, phone="+60 12-345 6789", phoneCountry=chosen)

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"phoneCountry": [expected]}}
    assert rows("quote" if form == "quote" else "contact") == []


@every_form
@pytest.mark.parametrize("typed", ["12345", "123", "+1 23", "+999 1234567", "phone", "+"])
def test_a_number_that_cannot_be_one_is_refused_with_the_forms_message(client, rows, form, typed):
    response = _post(client, form, phone=typed)

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"phone": [_phone_message(form)]}}
    assert rows("quote" if form == "quote" else "contact") == []


@every_form
@pytest.mark.parametrize("line_break", ["\n", "\r", "\u2028"], ids=["LF", "CR", "LS"])
def test_a_line_break_in_the_phone_is_refused_as_a_line_break(client, form, line_break):
    # The text's rules come first: read as a number, the break would quietly disappear.
    response = _post(client, form, phone=f"0171{line_break}2345678")

    assert response.status_code == 400
    assert refusal(response) == {"errors": {"phone": [ONE_LINE]}}


@pytest.mark.parametrize("blank", [..., None, "", "   "])
def test_the_case_studies_form_without_a_phone_stores_no_phone_and_no_country(client, rows, blank):
    response = _post(client, "caseStudiesContact", phone=blank)

    assert response.status_code == 201, response.json
    assert response.json == {"id": response.json["id"], "status": "received", "phone": None, "country": None}
    assert _stored(rows, "caseStudiesContact", response) == (None, None)


@every_form
def test_a_retry_is_answered_with_the_same_phone_and_country(client, rows, form):
    path, lead = LEADS[form]
    body = json.dumps({**lead, "phone": "012-345 6789", "phoneCountry": "MY"})
    headers = {"Idempotency-Key": str(uuid.uuid4())}

    first = client.post(path, data=body, content_type="application/json", headers=headers)
    again = client.post(path, data=body, content_type="application/json", headers=headers)

    assert first.status_code == again.status_code == 201
    assert again.json == first.json
    assert (first.json["phone"], first.json["country"]) == ("+60123456789", "Malaysia")
    assert len(rows("quote" if form == "quote" else "contact")) == 1


def test_the_countries_are_every_region_phonenumbers_reads():
    assert set(PHONE_COUNTRIES) == phonenumbers.SUPPORTED_REGIONS
    assert PHONE_COUNTRIES[FORMS["defaultPhoneCountry"]["iso2"]] == FORMS["defaultPhoneCountry"]["name"]
