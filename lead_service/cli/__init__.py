"""The `lead-service` commands beyond Flask's own: leads, outbox, profile, content, openapi
and backup."""

from .commands import init_app

__all__ = ["init_app"]
