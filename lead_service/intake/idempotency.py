"""Idempotency-Key: a retry of the same submission within 24 hours gets the first answer and
stores nothing new; the same key with another body gets 422. Keys live in the database, beside the
leads, so every worker and every instance sees them; the outbox worker deletes them after their 24
hours, and erasing a lead deletes its key."""

import hashlib
import hmac
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import wraps
from typing import Any

from flask import abort, current_app, g, request
from sqlalchemy.exc import SQLAlchemyError

from ..config import secret_key
from ..errors import NOT_SAVED
from ..extensions import db
from ..models.leads import ConsentRecord, IdempotencyKey, Lead, as_utc
from ..schemas import FORMS

TURNSTILE_FIELD = FORMS["turnstileField"]

HEADER = "Idempotency-Key"
_VALID_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")  # visible ASCII, as UUIDs and most client keys are


@dataclass(frozen=True)
class Claim:
    endpoint: str
    key: str
    digest: str


def _claim() -> Claim | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not _VALID_KEY.match(key):
        abort(400, description=f"The {HEADER} header must be 1 to 255 visible ASCII characters.")
    endpoint = request.endpoint or request.path
    message = endpoint.encode() + b"\n" + _without_token(request.get_data())
    digest = hmac.new(secret_key(current_app), message, hashlib.sha256).hexdigest()
    return Claim(endpoint, key, digest)


def _without_token(raw: bytes) -> bytes:
    """The body as the digest sees it, without its Turnstile token: each try spends one, so a retry
    carries a new token and is still the same request."""
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return raw
    if not isinstance(body, dict):
        return raw
    body.pop(TURNSTILE_FIELD, None)
    # surrogatepass: a lone surrogate ("\ud800" in the JSON) is validation's to refuse, not ours.
    return json.dumps(body, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass")


def earlier_answer(claim: Claim) -> tuple[dict[str, Any], int] | None:
    """The answer this key was first given, or None when it is new (or older than 24 hours)."""
    try:
        row = db.session.get(IdempotencyKey, (claim.endpoint, claim.key))
        if row is not None and as_utc(row.created_at) < datetime.now(UTC) - IdempotencyKey.KEPT_FOR:
            db.session.delete(row)
            db.session.commit()
            row = None
    except SQLAlchemyError as exc:
        db.session.rollback()
        current_app.logger.error("idempotency key not read error=%s", type(exc).__name__)
        abort(503, description=NOT_SAVED)
    if row is None:
        return None
    if row.request_digest != claim.digest:
        abort(422, description=f"This {HEADER} was already used for a different request.")
    return json.loads(row.response), row.status_code


def idempotent(view: Callable[..., Any]) -> Callable[..., Any]:
    """Answers a known key from the database; leaves a new one for storage.commit to store."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        claim = _claim()
        if claim is not None:
            earlier = earlier_answer(claim)
            if earlier is not None:
                return earlier
            g.idempotency_claim = claim
        return view(*args, **kwargs)

    return wrapper


def current_claim() -> Claim | None:
    return g.get("idempotency_claim")


def remember(claim: Claim, answer: dict[str, Any], status_code: int, record: Any) -> None:
    """Adds the key to the session, to be committed with the (flushed) row it answered for."""
    db.session.add(
        IdempotencyKey(
            endpoint=claim.endpoint,
            key=claim.key,
            request_digest=claim.digest,
            status_code=status_code,
            response=json.dumps(answer),
            lead_id=record.id if isinstance(record, Lead) else None,
            consent_id=record.id if isinstance(record, ConsentRecord) else None,
        )
    )
