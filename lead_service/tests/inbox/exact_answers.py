"""Every answer an inbox view dumps through its module's schemas, checked while the tests make it:
read back from its JSON by the same schema, it is what the view built. A schema that dropped a field
the view sent, turned a value into another type, or let through a null or a missing field it
requires would make the answer differ from what the view built, and the OpenAPI document (and the
site's types, generated from it) from what the site gets.

A view's errors turn into answers (errors.py), so a mismatch is kept and fails the test at its end."""

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest
from marshmallow import Schema, ValidationError

from lead_service.inbox import BLUEPRINTS


def _view_schemas() -> list[Schema]:
    """The schema instances the inbox's view modules hold, each once (a module may share another's)."""
    found = {
        id(value): value
        for blueprint in BLUEPRINTS
        for value in vars(sys.modules[blueprint.import_name]).values()
        if isinstance(value, Schema)
    }
    return list(found.values())


def _checked(schema: Schema, problems: list[str]) -> Callable[..., Any]:
    dump = schema.dump

    def checked_dump(data: Any, *, many: bool | None = None) -> Any:
        answer = dump(data, many=many)
        try:
            read_back = schema.load(json.loads(json.dumps(answer)), many=many)
        except (TypeError, ValidationError) as exc:
            read_back = exc
        if read_back != data:
            name = type(schema).__name__
            problems.append(f"{name}: built {data!r}\nanswered {answer!r}\nread back {read_back!r}")
        return answer

    return checked_dump


@pytest.fixture(autouse=True)
def exact_answers(monkeypatch):
    problems: list[str] = []
    for schema in _view_schemas():
        monkeypatch.setattr(schema, "dump", _checked(schema, problems))
    yield
    assert not problems, "an answer is not what its view built:\n" + "\n\n".join(problems)
