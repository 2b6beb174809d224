"""Whatever arrives, the lead endpoints answer with a 2xx or 4xx JSON body, never a 5xx."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ENDPOINTS = ["/api/contact", "/api/quote"]
FIELDS = ["name", "company", "email", "phone", "message", "project", "budget", "country", "page", "form"]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
# Mostly the real field names, so that values get past "unknown field" and into validation.
lead_like = st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=8),
    json_values
    # Every code point, a lone surrogate (valid JSON as "\ud800") included.
    | st.text(st.characters(exclude_categories=()), max_size=300)
    | st.sampled_from(["+880 1712-345678", "+1 415 555 0134", "a@b.co", ""]),
    max_size=len(FIELDS) + 2,
)


def _assert_answered(response):
    assert response.status_code < 500, response.data
    assert response.is_json


@pytest.mark.parametrize("path", ENDPOINTS)
@FUZZ
@given(body=json_values | lead_like, key=st.none() | st.uuids().map(str))
def test_any_json_value(client, path, body, key):
    headers = {"Idempotency-Key": key} if key else {}
    response = client.post(path, data=json.dumps(body), content_type="application/json", headers=headers)

    _assert_answered(response)
    if response.status_code == 201:
        assert set(response.json) == {"id", "status"}


@pytest.mark.parametrize("path", ENDPOINTS)
@FUZZ
@given(body=st.binary(max_size=2048), content_type=st.sampled_from(["application/json", "text/plain", None]))
def test_any_bytes(client, path, body, content_type):
    _assert_answered(client.post(path, data=body, content_type=content_type))
