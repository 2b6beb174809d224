"""Cloudflare Turnstile, optional: with TURNSTILE_SECRET_KEY set, a lead must carry a token that
Cloudflare's siteverify accepts, or it is refused as a field error under forms.json's
`turnstileField`. Off (nothing checked) without the secret."""

from typing import Any

import requests
from flask import current_app, request
from marshmallow import ValidationError

from .schemas import FORMS

FIELD = FORMS["turnstileField"]
_TIMEOUT_SECONDS = 5
_MAX_TOKEN_LENGTH = 2048  # Cloudflare's documented limit


def _refuse() -> None:
    raise ValidationError({FIELD: [FORMS["messages"]["turnstile"]]})


def verify(body: Any) -> None:
    """Checked after the fields, so that a visitor fixing a field keeps an unspent token."""
    secret = current_app.config["TURNSTILE_SECRET_KEY"]
    if not secret:
        return
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
        # Cloudflare out of reach: the lead is taken, as the honeypot and the rate limits still
        # stand, rather than lost to an outage that is not the visitor's doing.
        current_app.logger.warning(
            "turnstile not reachable, lead taken unverified error=%s", type(exc).__name__
        )
        return
    if not (isinstance(result, dict) and result.get("success") is True):
        codes = result.get("error-codes") if isinstance(result, dict) else None
        current_app.logger.info("turnstile refused a lead codes=%s", codes)
        _refuse()
