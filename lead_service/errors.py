"""Every error leaves the service as JSON; validation errors as {"errors": {field: [messages]}}.
Each carries the request's id (logs.py), which a visitor can quote and an operator find in the logs."""

from flask import Blueprint, current_app, json
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, InternalServerError

from .logs import request_id

bp = Blueprint("errors", __name__)

# What a visitor reads when the database could not take their request: nothing was stored.
NOT_SAVED = "We could not save your request just now. Please try again in a minute."


@bp.app_errorhandler(ValidationError)
def validation_error(error: ValidationError):
    return {"errors": error.normalized_messages(), "request_id": request_id()}, 400


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    # get_response keeps the exception's own headers (Allow on 405, Retry-After on 503).
    response = error.get_response()
    response.data = json.dumps(
        {
            "code": error.code,
            "message": error.name,
            "description": error.description,
            "request_id": request_id(),
        }
    )
    response.content_type = "application/json"
    if error.code == 503:
        response.headers.setdefault("Retry-After", "60")
    return response


@bp.app_errorhandler(Exception)
def unexpected_error(error: Exception):
    current_app.logger.error("unhandled error type=%s", type(error).__name__, exc_info=error)
    return http_error(InternalServerError())
