"""The sales team's inbox, the staff side of the service: staff users and their sign-in with a
second factor, sessions, roles, the audit trail, and the JSON API under /api/inbox/ that the
inbox's pages read the leads through."""

from flask import Flask

from . import audit_api, auth_api, dashboard_api, erase_api, export_api, leads_api, work_api
from . import models as models  # the tables, for the migrations and their drift check
from .users_cli import users

BLUEPRINTS = (
    auth_api.bp,
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
    app.cli.add_command(users)
