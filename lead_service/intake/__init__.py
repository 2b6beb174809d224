"""What a request passes on its way in: rate limits, the Idempotency-Key, Turnstile, and the storage
that commits a lead with its notification and key; security headers on the way out."""

from collections.abc import Iterable

from flask import Blueprint, Flask
from flask_limiter import Limiter

from . import rate_limits, security_headers


def init_app(app: Flask, unlimited: Iterable[Blueprint] = ()) -> Limiter:
    """The rate limits on every route but the `unlimited` blueprints', and the security headers:
    the limiter, for limits of a route's own."""
    limiter = rate_limits.init_app(app, *unlimited)
    security_headers.init_app(app)
    return limiter
