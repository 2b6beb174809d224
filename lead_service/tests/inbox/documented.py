"""The inbox's operations as its OpenAPI document describes them, found from the app's routes (so a
new route too), and Hypothesis strategies for their paths, query strings and bodies: values of the
documented shapes, the test's own rows among them, so that requests get past validation into the
operation, each now and then spoiled by hostile ones."""

import json
from dataclasses import dataclass
from typing import Any
from urllib import parse

from flask import Flask
from hypothesis import strategies as st

from lead_service.api.openapi import document, openapi_path
from lead_service.inbox import BLUEPRINTS
from lead_service.intake import contract

from .hostile import OTHER_DIGITS, any_text, deep, hostile, huge, json_values, long_text, short_hostile


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # as the document writes it: {name} for each path parameter
    spec: dict[str, Any]
    stage: str | None  # the session's stage its guard asks for; None: no guard (the sign-in)

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.path}"

    def parameters(self, where: str) -> dict[str, dict[str, Any]]:
        return {p["name"]: p["schema"] for p in self.spec.get("parameters", []) if p["in"] == where}

    @property
    def body(self) -> dict[str, Any] | None:
        return self.spec.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")


def _inbox() -> tuple[dict[str, Any], list[Operation]]:
    """The inbox's blueprints on an app of their own (no database, no settings): their document,
    and each operation with its view's stage."""
    app = Flask(__name__, static_folder=None)
    contract.init_app(app)
    for blueprint in BLUEPRINTS:
        contract.register(app, blueprint)
    spec = document(app)
    operations = [
        Operation(
            method,
            openapi_path(rule),
            spec["paths"][openapi_path(rule)][method],
            getattr(app.view_functions[rule.endpoint], "staff_stage", None),
        )
        for rule in app.url_map.iter_rules()
        # The API for the team's other tools takes a token, not a session: tests/inbox/v1/ has its cases.
        if rule.rule.startswith("/api/inbox/")
        for method in sorted({m.lower() for m in rule.methods} - {"head", "options"})
    ]
    return spec, operations


SPEC, OPERATIONS = _inbox()


@dataclass(frozen=True)
class World:
    """What the test's rows are called: numbers (the admin's id, the leads' and the note's ids, a
    lead's old id, a lead's first versions) and words (the old tables' names, the leads' addresses,
    the admin's password, codes' shapes)."""

    admin_id: int
    numbers: tuple[int, ...]
    words: tuple[str, ...]


def _resolved(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rpartition("/")[2]]
    return schema


def fitting(schema: dict[str, Any], world: World, spoiler: st.SearchStrategy) -> st.SearchStrategy:
    """Values of the schema's shape, the test's own rows' ids and addresses among them, so that
    requests get past validation into the operation; any field of an object may be a `spoiler`."""
    schema = _resolved(schema)
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "oneOf" in schema or "anyOf" in schema:
        return st.one_of(
            *(fitting(each, world, spoiler) for each in schema.get("oneOf", schema.get("anyOf")))
        )
    types = schema.get("type", [])
    made = {
        "integer": lambda: (
            st.sampled_from(world.numbers) | st.integers(schema.get("minimum"), schema.get("maximum"))
        ),
        "number": st.floats,
        "boolean": st.booleans,
        "null": st.none,
        "string": lambda: (
            st.dates().map(str)
            if schema.get("format") == "date"
            else st.sampled_from(world.words) | st.text(max_size=schema.get("maxLength", 40))
        ),
        "array": lambda: st.lists(
            fitting(schema.get("items", {}), world, spoiler),
            min_size=schema.get("minItems", 0),
            max_size=min(schema.get("maxItems", 3), 3),
        ),
        "object": lambda: _object(schema, world, spoiler),
    }
    options = [made[kind]() for kind in ([types] if isinstance(types, str) else types)]
    return st.one_of(options) if options else json_values


def _object(schema: dict[str, Any], world: World, spoiler: st.SearchStrategy) -> st.SearchStrategy:
    properties = {
        name: fitting(each, world, spoiler) | spoiler for name, each in schema.get("properties", {}).items()
    }
    required = set(schema.get("required", ()))
    return st.fixed_dictionaries(
        {name: values for name, values in properties.items() if name in required},
        optional={name: values for name, values in properties.items() if name not in required},
    )


def _with(mine: Any, more: dict[str, Any]) -> Any:
    return {**more, **mine} if isinstance(mine, dict) else mine


def bodies(op: Operation, world: World) -> st.SearchStrategy:
    """The operation's documented object as it should be; with hostile values and stranger keys;
    or any JSON at all."""
    spoiled = st.builds(
        _with, fitting(op.body, world, hostile), st.dictionaries(st.text(max_size=8), hostile, max_size=2)
    )
    return fitting(op.body, world, st.nothing()) | spoiled | json_values | deep


def _segment(value: Any) -> str:
    return parse.quote(str(value), safe="", errors="surrogatepass")


def paths(op: Operation, world: World) -> st.SearchStrategy:
    """The operation's path, its parameters the test's rows; or hostile text, huge and negative
    numbers (not empty nor with a "/", which would only reach another route or its redirect)."""
    documented = op.parameters("path")
    spoiler = (
        short_hostile.filter(lambda text: text and "/" not in text) | huge | st.sampled_from(OTHER_DIGITS)
    )
    fine = st.fixed_dictionaries(
        {name: fitting(schema, world, st.nothing()) for name, schema in documented.items()}
    )
    spoiled = st.fixed_dictionaries(
        {name: fitting(schema, world, st.nothing()) | spoiler for name, schema in documented.items()}
    )
    return (fine | spoiled).map(
        lambda values: op.path.format(**{name: _segment(value) for name, value in values.items()})
    )


def _query_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def query_strings(op: Operation, world: World) -> st.SearchStrategy:
    """The documented parameters as they should be; or with strangers, hostile values, some twice,
    and a tail of percent escapes that are not UTF-8."""
    documented = op.parameters("query")

    def pair(spoiler: st.SearchStrategy) -> st.SearchStrategy:
        def of(key: str) -> st.SearchStrategy:
            fits = fitting(documented[key], world, st.nothing()) if key in documented else st.nothing()
            return st.tuples(st.just(key), (fits | spoiler).map(_query_text))

        return of

    names = st.sampled_from(sorted(documented)) if documented else st.nothing()
    fine = st.lists(
        names.flatmap(pair(st.nothing())), max_size=4 if documented else 0, unique_by=lambda kv: kv[0]
    )
    spoiled = st.lists(
        (names | st.text(max_size=6)).flatmap(
            pair(huge | short_hostile | any_text | long_text | st.sampled_from(OTHER_DIGITS))
        ),
        max_size=6,
    )
    tail = st.sampled_from(["", "&q=%ff%fe", "&cursor=%ed%a0%80", "&%zz=%", "&&=&q", "&from=%c0%af"])
    return fine.map(parse.urlencode) | st.builds(
        lambda given, more: parse.urlencode(given, errors="surrogatepass") + more, spoiled, tail
    )
