"""The lead service: validates and stores the site's leads and serves the company profile."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask_cors import CORS
from werkzeug.middleware.proxy_fix import ProxyFix

from . import api, cli, errors, inbox, intake, logs, metrics
from .config import engine_options, from_environment
from .extensions import db, migrate
from .intake import contract

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    instance = os.environ.get("LEAD_SERVICE_INSTANCE_PATH", "").strip() or None
    app = Flask(__name__, instance_path=str(Path(instance).resolve()) if instance else None)
    instance_path = Path(app.instance_path)
    instance_path.mkdir(parents=True, exist_ok=True)

    app.config.from_mapping(from_environment(instance_path))
    if config:
        app.config.from_mapping(config)
    options = engine_options(app.config["SQLALCHEMY_DATABASE_URI"])
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options | app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
    logs.configure(app)

    if app.config["TRUSTED_PROXY_HOPS"] > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["TRUSTED_PROXY_HOPS"])
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    if app.config["CORS_ORIGINS"]:
        CORS(app, resources={r"/api/*": {"origins": app.config["CORS_ORIGINS"]}}, methods=["GET", "POST"])

    # First, so that every request, one a later hook refuses too, is timed, counted and identified.
    metrics.init_app(app)
    logs.init_app(app)
    app.register_blueprint(errors.bp)
    contract.init_app(app)
    api.init_app(app, public=app.config["SERVE"] != "inbox")
    inbox.init_app(app, serve=app.config["SERVE"] != "public")
    # The inbox limits failed sign-ins itself, per account and address, and its pages ask often;
    # only its sign-in has a limit of its own, its reads one per user, and /api/v1/ one per token.
    limiter = intake.init_app(app, unlimited=(*api.UNLIMITED, *inbox.BLUEPRINTS))
    inbox.limit_sign_in(app, limiter)
    inbox.limit_reads(app, limiter)
    inbox.limit_tokens(app, limiter)
    cli.init_app(app)
    return app
