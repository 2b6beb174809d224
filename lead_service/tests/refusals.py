"""An error answer as the tests compare it: its body without the request id, once that id is
checked to be the one the answer's X-Request-ID header names."""

from typing import Any


def refusal(response: Any) -> dict[str, Any]:
    body = dict(response.json)
    assert body.pop("request_id") == response.headers["X-Request-ID"]
    return body
