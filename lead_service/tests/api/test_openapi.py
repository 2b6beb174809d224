"""GET /api/openapi.json: a valid OpenAPI 3.1 document that describes exactly the routes the app
serves, with request bodies made of the forms' own fields."""

from openapi_spec_validator import validate

from lead_service.api.openapi import document
from lead_service.schemas import FORMS


def test_the_service_serves_a_valid_openapi_31_document(client):
    response = client.get("/api/openapi.json")

    assert response.status_code == 200
    assert response.json == document()
    assert response.json["openapi"] == "3.1.0"
    validate(response.json)  # raises on anything the OpenAPI 3.1 schema refuses


def test_every_route_is_documented_and_nothing_else(app):
    served = {
        (rule.rule, method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static"
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {(path, method) for path, operations in document()["paths"].items() for method in operations}

    assert documented == served


def test_request_bodies_are_the_forms_fields():
    schemas = document()["components"]["schemas"]
    for name, form in FORMS["forms"].items():
        component = schemas[f"{name[0].upper()}{name[1:]}Request"]
        expected = set(form["fields"]) | {FORMS["turnstileField"]}
        if form["endpoint"] == "/api/contact":
            expected.add("form")
        assert set(component["properties"]) == expected, name
        assert set(component["required"]) == {
            field for field, spec in form["fields"].items() if spec["required"]
        } | ({"form"} if name == "caseStudiesContact" else set())
