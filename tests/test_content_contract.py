"""shared_content/ is the single source of the site's content and form rules: every file
matches its schema, and the form rules hold the forms' exact texts and mean the same in Python
and in the browser's JavaScript."""

import json
import re
import subprocess

import phonenumbers
import pytest

from lead_service import content

CONTENT = content.DEFAULT_CONTENT_DIR
# common.schema.json holds only definitions that the others $ref.
NAMES = sorted(
    p.name.removesuffix(".schema.json")
    for p in CONTENT.glob("*.schema.json")
    if p.name != "common.schema.json"
)
FORMS = content.load("forms")


def test_every_content_file_has_a_schema_and_every_schema_a_file():
    data = sorted(path.stem for path in CONTENT.glob("*.json") if not path.name.endswith(".schema.json"))
    assert data == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_content_matches_its_schema(name):
    assert content.load(name)


def test_a_schema_violation_is_reported_with_its_place(tmp_path, monkeypatch):
    for path in [*CONTENT.glob("*.schema.json"), CONTENT / "site.json"]:
        (tmp_path / path.name).write_text(path.read_text())
    site = json.loads((tmp_path / "site.json").read_text())
    site["offices"][1]["email"] = "dhaka@real-company.com"
    (tmp_path / "site.json").write_text(json.dumps(site))
    monkeypatch.setenv("SHARED_CONTENT_DIR", str(tmp_path))
    content.load.cache_clear()
    try:
        with pytest.raises(content.ContentError, match="offices/1/email"):
            content.load("site")
    finally:
        content.load.cache_clear()


def test_header_contact_form_messages_are_the_spec_texts():
    fields = FORMS["forms"]["contact"]["fields"]
    assert {
        name: field["messages"].get("required") for name, field in fields.items() if field["required"]
    } == {
        "name": "Name is required",
        "company": "Company Name is required",
        "email": "Email is required",
        "phone": "Phone number is required",
        "message": "Message is required",
    }
    assert fields["email"]["messages"]["pattern"] == "Invalid email address"


def test_quote_form_requires_five_fields_with_one_message():
    fields = FORMS["forms"]["quote"]["fields"]
    required = {name: field["messages"]["required"] for name, field in fields.items() if field["required"]}
    assert required == dict.fromkeys(
        ["name", "email", "phone", "project", "budget"], "This field is required"
    )
    # The browser's own e-mail rule, as on the case-studies form: an address erasure can find.
    assert fields["email"]["pattern"] == "browserEmail"
    assert fields["country"]["required"] is False


def test_case_studies_form_requires_name_email_and_message():
    fields = FORMS["forms"]["caseStudiesContact"]["fields"]
    assert sorted(name for name, field in fields.items() if field["required"]) == ["email", "message", "name"]


def test_default_phone_country_is_bangladesh_with_its_calling_code():
    country = FORMS["defaultPhoneCountry"]
    assert country == {"iso2": "BD", "name": "Bangladesh", "dialCode": "880"}
    assert str(phonenumbers.country_code_for_region(country["iso2"])) == country["dialCode"]


EMAILS = [
    "a@b.co", "A.B%c+d-e_f@sub.example.info", "a@b.c", "a@b.abcde", "a@b", "a b@c.co", "ſ@b.co",
    "a@b.CO", "x@y.1a", "@b.co", "a@.co", "é@b.co", "a@localhost", "a..b@c.d", "a@b-.co", "a@-b.co",
]  # fmt: skip


def test_email_pattern_tld_is_two_to_four_letters_in_any_case():
    pattern = FORMS["patterns"]["email"]
    assert pattern["flags"] == "i"
    regex = re.compile(pattern["source"], re.IGNORECASE | re.ASCII)
    assert [bool(regex.match(e)) for e in ["a@b.co", "a@b.info", "a@b.INFO", "a@b.c", "a@b.infos"]] == [
        True, True, True, False, False,
    ]  # fmt: skip


@pytest.mark.parametrize("name", sorted(FORMS["patterns"]))
def test_patterns_mean_the_same_in_python_and_javascript(name):
    pattern = FORMS["patterns"][name]
    samples = [*EMAILS, "/", "/case-studies/3?x=1", "https://x.example/", "/a b", ""]
    script = (
        "const [source, flags, samples] = JSON.parse(process.argv[1]);"
        "const re = new RegExp(source, flags);"
        "console.log(JSON.stringify(samples.map((s) => re.test(s))));"
    )
    node = subprocess.run(
        ["node", "-e", script, json.dumps([pattern["source"], pattern["flags"], samples])],
        capture_output=True,
        text=True,
        check=True,
    )
    flags = re.ASCII | (re.IGNORECASE if "i" in pattern["flags"] else 0)
    regex = re.compile(pattern["source"], flags)
    assert json.loads(node.stdout) == [bool(regex.search(s)) for s in samples]
