"""The one Python loader of shared_content/: every file is checked against its JSON Schema."""

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

DEFAULT_CONTENT_DIR = Path(__file__).resolve().parent.parent / "shared_content"


class ContentError(ValueError):
    """A content file is missing or does not match its schema."""


def content_dir() -> Path:
    return Path(os.environ.get("SHARED_CONTENT_DIR", DEFAULT_CONTENT_DIR))


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ContentError(f"cannot read {path}: {exc}") from exc


@cache
def _registry(directory: Path) -> Registry:
    """Every schema by its $id, so that one can $ref another ("common.schema.json#/$defs/...")."""
    schemas = [_read(path) for path in sorted(directory.glob("*.schema.json"))]
    return Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in schemas)


@cache
def load(name: str) -> dict[str, Any]:
    """Return shared_content/<name>.json, validated against <name>.schema.json."""
    directory = content_dir()
    data = _read(directory / f"{name}.json")
    schema = _read(directory / f"{name}.schema.json")
    validator = Draft202012Validator(
        schema, registry=_registry(directory), format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    problems = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if problems:
        details = "; ".join(
            f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in problems
        )
        raise ContentError(f"{name}.json does not match its schema: {details}")
    return data
