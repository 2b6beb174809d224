"""The sales team's inbox, the staff side of the service: staff users and their sign-in with a
second factor, sessions, roles, the audit trail, and the JSON API under /api/inbox/ that the
inbox's pages read the leads through."""

from flask import Flask
from flask_limiter import Limiter

from . import (
    account_api,
    audit_api,
    auth_api,
    dashboard_api,
    erase_api,
    export_api,
    leads_api,
    passwords,
    throttle,
    work_api,
)
from . import models as models  # the tables, for the migrations and their drift check
from .users_cli import users

BLUEPRINTS = (
    auth_api.bp,
    account_api.bp,
    leads_api.bp,
    export_api.bp,
    work_api.bp,
    audit_api.bp,
    erase_api.bp,
    dashboard_api.bp,
)


def init_app(app: Flask) -> None:
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    passwords.init_app(app)
    app.cli.add_command(users)


def limit_sign_in(app: Flask, limiter: Limiter) -> None:
    """The password step, per client, however its tries fare (INBOX_SIGN_IN_RATE_LIMIT): a flood is
    answered 429 before it costs a password check. Not for a browser that has signed in before,
    which its device's own count holds back (throttle.py), so that no stranger's flood from the
    same address keeps staff out."""
    view = app.view_functions["inbox_auth.sign_in"]
    limit = limiter.limit(
        app.config["INBOX_SIGN_IN_RATE_LIMIT"], methods=["POST"], exempt_when=throttle.has_device_cookie
    )
    app.view_functions["inbox_auth.sign_in"] = limit(view)
