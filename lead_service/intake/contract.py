"""Each endpoint states its contract once, on its view, with flask-smorest: `arguments` (the body or
the query, validated before the view runs), `response` (the answer's schema and status, dumped from
what the view returns) and `alt_response` (its other answers: the shared ones below by name, its own
errors with `refuses`, and one with a body of its own, such as a conflict's fresh state, dumped by
its schema when the view returns it at that status). The OpenAPI document (api/openapi.py) is built
from them, so the document and the checks cannot disagree."""

import sys
from functools import wraps
from inspect import cleandoc
from typing import Any

import flask_smorest
from flask import Flask, Request, Response, jsonify
from flask_smorest.utils import unpack_tuple_response
from marshmallow import Schema, ValidationError, fields
from webargs.flaskparser import FlaskParser

from .. import content
from .deployment_check import HEADER as CHECK_HEADER
from .idempotency import HEADER as IDEMPOTENCY_HEADER
from .storage import json_body


class _Parser(FlaskParser):
    """webargs' parser as the service answers: a bad field is a 400 with the form's own messages
    (errors.py), a body that is not JSON a 400 or 415 of its own (storage.json_body)."""

    DEFAULT_VALIDATION_STATUS = 400
    # Each schema says itself what an unknown field does (refused, or ignored).
    DEFAULT_UNKNOWN_BY_LOCATION: dict[str, str | None] = {}  # noqa: RUF012 (webargs' own attribute)

    def load_json(self, req: Request, schema: Schema) -> Any:
        return json_body()

    def handle_error(self, error: ValidationError, req: Request, schema: Schema, **_: Any) -> None:
        # webargs files the messages under their location; the answer names the fields alone.
        (messages,) = error.messages.values()
        raise ValidationError(messages)


# A field's messages; or an object's (a lead's attribution) or a list's (the leads of a bulk change,
# by index): its keys' errors, as deep as the objects go.
_FIELD_ERRORS = {
    "oneOf": [
        {"type": "array", "items": {"type": "string"}},
        {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/FieldErrors"}},
    ]
}

# Every error answer's id, which a visitor can quote and an operator find in the logs.
_REQUEST_ID = {
    "description": "This request's id, as the answer's request id header and its log lines carry it."
}


class ValidationErrors(Schema):
    errors = fields.Dict(keys=fields.String(), values=fields.Raw(metadata=_FIELD_ERRORS), required=True)
    request_id = fields.String(required=True, metadata=_REQUEST_ID)


class HttpError(Schema):
    code = fields.Integer(required=True)
    message = fields.String(required=True)
    description = fields.String(required=True)
    request_id = fields.String(required=True, metadata=_REQUEST_ID)


# The answers many endpoints share, each defined once in the document; a view names those it gives
# beyond the ones the document adds to every POST and every guarded view (api/openapi.py).
NO_SUCH_LEAD = "NoSuchLead"
IDEMPOTENCY_KEY_REUSED = "IdempotencyKeyReused"
_RETRY_AFTER = {"Retry-After": "RetryAfter"}
_SHARED_RESPONSES: dict[str, dict[str, Any]] = {
    "BadRequest": {
        "description": "Invalid fields (`errors`, with the form's own messages) or a body that is not JSON.",
        "schema": {"oneOf": ["ValidationErrors", "HttpError"]},
    },
    "ContentTooLarge": {"description": "The body is over the size limit."},
    "UriTooLong": {
        "description": "The request line (the path and its query) is over the server's limit, which"
        " gunicorn and nginx enforce before the service reads it: their own HTML page.",
        "content": {"text/html": {"schema": {"type": "string"}}},
    },
    "UnsupportedMediaType": {"description": "The body is not sent as application/json."},
    "TooManyRequests": {"description": "Too many requests from this client.", "headers": _RETRY_AFTER},
    "NothingStored": {
        "description": "The database could not take the request; nothing was stored.",
        "headers": _RETRY_AFTER,
    },
    IDEMPOTENCY_KEY_REUSED: {
        "description": f"The {IDEMPOTENCY_HEADER} was used before for a different body."
    },
    "SignInNeeded": {"description": "No live inbox session (or not at this step of the sign-in)."},
    "NotAllowed": {
        "description": "A change not sent from the inbox's own pages with the session's CSRF token, or a"
        " role that may not do this."
    },
    NO_SUCH_LEAD: {"description": "No such lead."},
    "TokenNeeded": {
        "description": "No API token, or one unknown, revoked or expired, or whose maker can no longer"
        " sign in.",
        "headers": {"WWW-Authenticate": "WwwAuthenticate"},
    },
    "ScopeMissing": {"description": "The token's scopes, or its maker's role, do not allow this."},
}


def _summary_and_description(docstring: str | None) -> dict[str, str]:
    """A view's docstring as its operation's text: the first paragraph its summary, the rest its
    description (flask-smorest would cut the summary at the first line break)."""
    summary, _, description = cleandoc(docstring or "").partition("\n\n")
    return {"summary": " ".join(summary.split())} | (
        {"description": " ".join(description.split())} if description.strip() else {}
    )


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = _Parser()

    def __init__(self, name: str, import_name: str, **kwargs: Any) -> None:
        # The document's tag for the blueprint's operations says what its module's docstring says.
        module = sys.modules.get(import_name)
        kwargs.setdefault("description", _summary_and_description(module and module.__doc__)["summary"])
        super().__init__(name, import_name, **kwargs)

    def response(self, status_code: int, schema: Any = None, **kwargs: Any) -> Any:
        """flask-smorest's, and an answer the view gives at the status of one of its other answers
        declared with a schema (below this decorator) is dumped by that schema, not the main one."""
        declare = super().response(status_code, schema, **kwargs)

        def decorate(view: Any) -> Any:
            declared = getattr(view, "_apidoc", {}).get("response", {}).get("responses", {})
            others = {
                int(status): doc["schema"]
                for status, docs in declared.items()
                for doc in docs
                if isinstance(doc, dict) and isinstance(doc.get("schema"), Schema)
            }
            if not others:
                return declare(view)

            @wraps(view)
            def answer(*args: Any, **kwargs: Any) -> Any:
                result, status, headers = unpack_tuple_response(view(*args, **kwargs))
                if status in others and not isinstance(result, Response):
                    result = jsonify(others[status].dump(result))
                # flask-smorest's own unpacking takes the three back, None for what was not said.
                return result, status, headers

            return declare(answer)

        return decorate

    def refuses(self, status: int, description: str) -> Any:
        """An error answer of this view's own, written as errors.py writes every error."""
        return self.alt_response(status, schema=HttpError, description=description)

    def _store_endpoint_docs(self, endpoint: str, obj: Any, *args: Any, **kwargs: Any) -> None:
        super()._store_endpoint_docs(endpoint, obj, *args, **kwargs)
        for method, doc in self._docs[endpoint].items():
            if method != "parameters":
                doc["docstring"] = _summary_and_description(obj.__doc__)

    def _prepare_arguments_doc(self, doc: dict, doc_info: dict, **kwargs: Any) -> dict:
        # A refused body is answered as every other bad request is, not with flask-smorest's own.
        if "arguments" in doc_info:
            doc_info["arguments"]["responses"] = {400: "BadRequest"}
        return super()._prepare_arguments_doc(doc, doc_info, **kwargs)


class Api(flask_smorest.Api):
    """The document's builder only: errors.py answers every error, and api/openapi.py serves the
    document. A blueprint is documented when the document is first built, not when it registers:
    an app that never serves its document (a worker's, a test's) does not pay for it."""

    def __init__(self, app: Flask, **kwargs: Any) -> None:
        self._undocumented: list[Blueprint] = []
        super().__init__(app, **kwargs)

    def register_blueprint(self, blp: Blueprint, **options: Any) -> None:
        self._app.extensions["flask-smorest"]["blp_name_to_api"][blp.name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append(blp)

    def documented(self) -> Any:
        """The spec, with every blueprint registered so far in it."""
        while self._undocumented:
            blp = self._undocumented.pop(0)
            blp.register_views_in_doc(self, self._app, self.spec, name=blp.name, parameters=None)
            self.spec.tag({"name": blp.name, "description": blp.description})
        return self.spec

    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self) -> None:
        pass

    # Its own error answers, ETags and pagination headers, which the service does not give.
    def _register_responses(self) -> None:
        pass

    def _register_etag_headers(self) -> None:
        pass

    def _register_pagination_header(self) -> None:
        pass


def init_app(app: Flask) -> None:
    """The app's document, with what the views share, before any blueprint registers into it."""
    api = Api(
        app,
        spec_kwargs={
            "title": f"{content.load('site')['name']} lead service",
            "version": "1",
            "openapi_version": "3.1.0",
            "info": {"description": "The website's lead forms, cookie-consent records and company profile."},
        },
    )
    components = api.spec.components
    components.schema("ValidationErrors", schema=ValidationErrors)
    components.schema("HttpError", schema=HttpError)
    components.schema("FieldErrors", _FIELD_ERRORS)
    components.header(
        "RetryAfter", {"description": "Seconds to wait before trying again.", "schema": {"type": "string"}}
    )
    components.header(
        "WwwAuthenticate", {"description": "The scheme to authenticate with.", "schema": {"type": "string"}}
    )
    components.security_scheme(
        "ApiToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token an admin made in the inbox (Settings, API tokens), for /api/v1/"
            " alone; each operation names the scope it needs.",
        },
    )
    for name, response in _SHARED_RESPONSES.items():
        components.response(
            name, {"content": {"application/json": {"schema": "HttpError"}}} | _content(response)
        )
    components.parameter(
        "IdempotencyKey",
        "header",
        {
            "name": IDEMPOTENCY_HEADER,
            "required": False,
            "description": "Makes retries safe: the same key and body within 24 h get the first answer.",
            "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,255}$"},
        },
    )
    components.parameter(
        "DeploymentCheck",
        "header",
        {
            "name": CHECK_HEADER,
            "required": False,
            "description": "`lead-service check-deployment`'s own: the lead is its check, which no one"
            " is told of. Unix seconds and their HMAC-SHA256 under the service's SECRET_KEY, good for 5"
            " minutes.",
            "schema": {"type": "string", "pattern": "^[0-9]{1,12}\\.[0-9a-f]{64}$"},
        },
    )
    app.extensions["api"] = api


def _content(response: dict[str, Any]) -> dict[str, Any]:
    schema = response.get("schema")
    return {
        "description": response["description"],
        **({"headers": response["headers"]} if "headers" in response else {}),
        **({"content": {"application/json": {"schema": schema}}} if schema else {}),
        **({"content": response["content"]} if "content" in response else {}),
    }


def register(app: Flask, blueprint: Blueprint) -> None:
    app.extensions["api"].register_blueprint(blueprint)


def spec(app: Flask) -> Any:
    return app.extensions["api"].documented()
