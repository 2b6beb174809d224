"""GET /api/openapi.json: a valid OpenAPI 3.1 document that describes exactly the routes the app
serves, with request bodies made of the forms' own fields and the cookie and header names the
inbox's pages share with the service."""

import json
import re

import pytest
from apispec.exceptions import APISpecError
from flask import Flask
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from lead_service import content
from lead_service.api.openapi import document, openapi_path
from lead_service.intake import contract
from lead_service.schemas import ATTRIBUTION_KEYS, FORMS


def test_the_service_serves_a_valid_openapi_31_document(app, client):
    response = client.get("/api/openapi.json")

    assert response.status_code == 200
    assert response.json == document(app)
    assert response.json["openapi"] == "3.1.0"
    validate(response.json)  # raises on anything the OpenAPI 3.1 schema refuses, and on a dangling $ref


def test_every_route_is_documented_and_nothing_else(app):
    served = {
        (openapi_path(rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static"
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {
        (path, method) for path, operations in document(app)["paths"].items() for method in operations
    }

    assert documented == served


@pytest.mark.parametrize(
    "errors",
    [
        {"email": ["Not a valid email address."]},
        {"attribution": {"utm_source": ["Too long."]}},
        # A bulk change's, by lead then field: an answer the inbox gives that the document refused.
        {"leads": {"0": {"version": ["Not a valid integer."]}}},
    ],
)
def test_field_errors_are_documented_as_deep_as_they_go(app, errors):
    schema = {"$ref": "#/components/schemas/ValidationErrors", "components": document(app)["components"]}

    Draft202012Validator(schema).validate(
        {"errors": errors, "request_id": "0f5c2a9e4b7d41c3a8e6f1d2c3b4a596"}
    )


def test_the_cookies_and_header_the_document_names_are_the_shared_ones(app):
    """The views' docstrings write the names out for a reader; inbox.json is where they are set."""
    text = json.dumps(document(app))
    shared = content.load("inbox")

    named_cookies = set(re.findall(r"__Host-[\w-]+", text))
    named_headers = {name.lower() for name in re.findall(r"\bX-[A-Za-z-]+", text)}

    assert named_cookies and named_cookies <= set(shared["cookies"].values())
    assert named_headers == {shared["csrfHeader"]}


def undeclared():
    return ""


@pytest.mark.parametrize(("path", "methods"), [("/api/other", ["GET"]), ("/api/new", ["POST"])])
def test_a_route_without_its_declared_contract_stops_the_document(path, methods):
    """A view added with Flask's own routing, past the contract's blueprint, declares nothing: on a
    path of its own, or beside a declared GET."""
    app = Flask(__name__)
    contract.init_app(app)
    blueprint = contract.Blueprint("declared", __name__)
    blueprint.get("/api/new")(blueprint.response(200)(undeclared))
    contract.register(app, blueprint)
    app.add_url_rule(path, "undeclared", undeclared, methods=methods)

    with pytest.raises(APISpecError, match=path):
        document(app)


def test_the_document_holds_no_yaml_and_every_body_a_view_takes_is_required(app):
    bodies = [
        operation["requestBody"]
        for operations in document(app)["paths"].values()
        for operation in operations.values()
        if "requestBody" in operation
    ]
    assert bodies and all(body["required"] is True for body in bodies)
    for rule in app.url_map.iter_rules():
        assert "---" not in (app.view_functions[rule.endpoint].__doc__ or ""), rule.endpoint


def _request_bodies(spec: dict, path: str) -> set[str]:
    """The component names a path's POST takes as its body, one or any of several."""
    ref = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    name = ref.removeprefix("#/components/schemas/")
    one_of = spec["components"]["schemas"][name].get("oneOf")
    return {one["$ref"].removeprefix("#/components/schemas/") for one in one_of} if one_of else {name}


def test_request_bodies_are_the_forms_fields(app):
    api = document(app)
    schemas = api["components"]["schemas"]
    for name, form in FORMS["forms"].items():
        component_name = f"{name[0].upper()}{name[1:]}Request"
        assert component_name in _request_bodies(api, form["endpoint"]), name
        component = schemas[component_name]
        expected = set(form["fields"]) | {FORMS["turnstileField"], "attribution"}
        if form["endpoint"] == "/api/contact":
            expected.add("form")
        assert set(component["properties"]) == expected, name
        assert set(component["required"]) == {
            field for field, spec in form["fields"].items() if spec["required"]
        } | ({"form"} if name == "caseStudiesContact" else set())
        attribution = schemas[
            component["properties"]["attribution"]["$ref"].removeprefix("#/components/schemas/")
        ]
        assert set(attribution["properties"]) == set(ATTRIBUTION_KEYS), name


def test_every_fields_pattern_is_documented_letters_spelled_out_where_case_does_not_matter(app):
    schemas = document(app)["components"]["schemas"]
    for name, form in FORMS["forms"].items():
        properties = schemas[f"{name[0].upper()}{name[1:]}Request"]["properties"]
        for field, spec in form["fields"].items():
            if "pattern" in spec:
                pattern = FORMS["patterns"][spec["pattern"]]
                documented = properties[field]["pattern"]
                assert (documented == pattern["source"]) is ("i" not in pattern["flags"]), (name, field)
    host = schemas["Attribution"]["properties"]["referrer_host"]["pattern"]
    assert re.match(host, "WWW.Example.COM:8080") and not re.match(host, "-example.com")


def test_the_phone_is_read_in_the_country_sent_and_the_country_is_the_services_answer(app):
    schemas = document(app)["components"]["schemas"]
    for name in FORMS["forms"]:
        component = schemas[f"{name[0].upper()}{name[1:]}Request"]
        properties = component["properties"]
        assert properties["phoneCountry"]["pattern"] == "^[A-Z]{2}$", name
        assert "phoneCountry" in properties["phone"]["description"], name
        assert properties["country"]["readOnly"] is True, name
        assert "country" not in component["required"], name
    accepted = schemas["LeadAccepted"]
    assert set(accepted["required"]) == {"id", "status", "phone", "country"}
    for field in ("phone", "country"):
        assert accepted["properties"][field]["type"] == ["string", "null"], field
