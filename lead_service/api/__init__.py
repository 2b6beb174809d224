"""The HTTP API, one blueprint per concern: leads, consent, the profile download, health probes and
the OpenAPI document."""

from flask import Flask

from ..intake import contract
from . import consent, health, leads, openapi, profile

# Health probes come from the platform, a PDF viewer asks for the profile in many ranges, and the
# API document is the same for everyone.
UNLIMITED = (health.bp, profile.bp, openapi.bp)


def init_app(app: Flask, public: bool = True) -> None:
    """The health probes, and with `public` the rest: what the site's visitors call."""
    openapi.init_app(app)
    for module in (leads, consent, profile, openapi) if public else ():
        contract.register(app, module.bp)
    contract.register(app, health.bp)
