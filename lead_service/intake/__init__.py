"""What a request passes on its way in: rate limits, the Idempotency-Key, Turnstile, and the storage
that commits a lead with its notification and key; security headers on the way out."""

from collections.abc import Iterable

from flask import Blueprint, Flask

from . import rate_limits, security_headers


def init_app(app: Flask, unlimited: Iterable[Blueprint] = ()) -> None:
    """The rate limits on every route but the `unlimited` blueprints', and the security headers."""
    rate_limits.init_app(app, *unlimited)
    security_headers.init_app(app)
