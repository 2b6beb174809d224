"""Cloudflare Turnstile, optional: with TURNSTILE_SECRET_KEY set, a lead must carry a token that
Cloudflare's siteverify accepts, or it is refused as a field error under forms.json's
`turnstileField`. Off (nothing checked) without the secret."""

import requests
from flask import current_app, request
from marshmallow import ValidationError

from ..schemas import FORMS
from .storage import json_body

FIELD = FORMS["turnstileField"]
_TIMEOUT_SECONDS = 5
_MAX_TOKEN_LENGTH = 2048  # Cloudflare's documented limit


def _refuse(message: str = "turnstile") -> None:
    raise ValidationError({FIELD: [FORMS["messages"][message]]})


def verify() -> None:
    """Checked after the fields, so that a visitor fixing a field keeps an unspent token. Only a
    clear yes for this site lets a lead in: an answer Cloudflare did not give in time, or not as
    JSON, refuses it with a message to send again (the form keeps the visitor's values)."""
    secret = current_app.config["TURNSTILE_SECRET_KEY"]
    if not secret:
        return
    body = json_body()
    token = body.get(FIELD) if isinstance(body, dict) else None
    if not isinstance(token, str) or not token or len(token) > _MAX_TOKEN_LENGTH:
        _refuse()
    try:
        answer = requests.post(
            current_app.config["TURNSTILE_VERIFY_URL"],
            data={"secret": secret, "response": token, "remoteip": request.remote_addr},
            timeout=_TIMEOUT_SECONDS,
        )
        result = answer.json()
    except (requests.RequestException, ValueError) as exc:
        current_app.logger.warning("turnstile not reachable, lead refused error=%s", type(exc).__name__)
        _refuse("turnstileUnavailable")
    if not isinstance(result, dict):
        current_app.logger.warning("turnstile answered no JSON object, lead refused")
        _refuse("turnstileUnavailable")
    if result.get("success") is not True:
        current_app.logger.info("turnstile refused a lead codes=%s", result.get("error-codes"))
        _refuse()
    if result.get("hostname") not in current_app.config["TURNSTILE_HOSTNAMES"]:
        # A token solved on another site, passed on by a script: valid, but not for us.
        current_app.logger.info("turnstile token from another site refused")
        _refuse()
