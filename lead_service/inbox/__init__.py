"""The sales team's inbox, the staff side of the service: staff users and their sign-in with a
second factor, sessions, roles, the audit trail, the JSON API under /api/inbox/ that the
inbox's pages read the leads through, and /api/v1/, the same leads for the team's other tools."""

from flask import Flask, g, request
from flask_limiter import Limiter

from ..intake import contract
from .auth import (
    account_api,
    api_tokens,
    auth_api,
    invitation_api,
    oidc,
    oidc_api,
    passwords,
    sessions,
    throttle,
)
from .auth.users_cli import users
from .leads import (
    arrivals_api,
    board_api,
    deals_api,
    due_api,
    leads_api,
    merges_api,
    notes_api,
    replies_api,
    saved_replies_api,
    unfiled_api,
    views_api,
    work_api,
)
from .reports import audit_api, dashboard_api, erase_api, export_api, response_target_api
from .team import api_tokens_api, assignment_api, groups_api, stages_api, webhooks_api
from .v1 import audit_v1_api, changes_api, leads_v1_api

BLUEPRINTS = (
    auth_api.bp,
    oidc_api.bp,
    invitation_api.bp,
    account_api.bp,
    leads_api.bp,
    views_api.bp,
    arrivals_api.bp,
    due_api.bp,
    export_api.bp,
    work_api.bp,
    deals_api.bp,
    board_api.bp,
    merges_api.bp,
    notes_api.bp,
    replies_api.bp,
    saved_replies_api.bp,
    unfiled_api.bp,
    audit_api.bp,
    erase_api.bp,
    dashboard_api.bp,
    response_target_api.bp,
    assignment_api.bp,
    groups_api.bp,
    stages_api.bp,
    webhooks_api.bp,
    api_tokens_api.bp,
    leads_v1_api.bp,
    changes_api.bp,
    audit_v1_api.bp,
)


def init_app(app: Flask, serve: bool = True) -> None:
    """The `users` commands, and with `serve` the inbox's API."""
    for blueprint in BLUEPRINTS if serve else ():
        contract.register(app, blueprint)
    if serve:
        oidc.init_app(app)
    passwords.init_app(app)
    app.cli.add_command(users)


def limit_sign_in(app: Flask, limiter: Limiter) -> None:
    """The password step, per client, however its tries fare (INBOX_SIGN_IN_RATE_LIMIT): a flood is
    answered 429 before it costs a password check. Not for a browser that has signed in before,
    which its device's own count holds back (throttle.py), so that no stranger's flood from the
    same address keeps staff out."""
    view = app.view_functions.get("inbox_auth.sign_in")
    if view is None:
        return  # not served here
    limit = limiter.limit(
        app.config["INBOX_SIGN_IN_RATE_LIMIT"], methods=["POST"], exempt_when=throttle.has_device_cookie
    )
    app.view_functions["inbox_auth.sign_in"] = limit(view)


def _reader() -> int | None:
    """The user whose session the request names, found once: the limiter asks for each of its
    limits, and while g holds the row, the guard finds it in the ORM's identity map (which holds
    only what something else does) instead of reading it again."""
    if "inbox_session" not in g:
        g.inbox_session = sessions.stored(request.cookies.get(sessions.COOKIE))
    return g.inbox_session.user_id if g.inbox_session else None


def limit_reads(app: Flask, limiter: Limiter) -> None:
    """Every GET the guard stands before, counted together per user (INBOX_READ_RATE_LIMIT): a
    stolen session, or a script, cannot walk through every lead at the database's pace. Per user,
    not per address: the pages read on the site's server, one address for the whole team. The
    limiter runs before the guard it wraps, so it finds the user from the session cookie itself; a
    request without a session is not counted, for the guard answers it 401 at once."""
    limit = limiter.shared_limit(
        app.config["INBOX_READ_RATE_LIMIT"],
        scope="inbox-reads",
        methods=["GET", "HEAD"],
        key_func=lambda: f"staff-{_reader()}",
        exempt_when=lambda: _reader() is None,
    )
    inbox = {blueprint.name for blueprint in BLUEPRINTS}
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if rule.endpoint.partition(".")[0] in inbox and "GET" in rule.methods and hasattr(view, "staff_role"):
            app.view_functions[rule.endpoint] = limit(view)


def limit_tokens(app: Flask, limiter: Limiter) -> None:
    """Every call to /api/v1/, counted together per API token (API_TOKEN_RATE_LIMIT), keyed by the
    token sent, before the guard looks it up; a call with no token is not counted, for the guard
    answers it 401 at once."""
    limit = limiter.shared_limit(
        app.config["API_TOKEN_RATE_LIMIT"],
        scope="api-tokens",
        key_func=api_tokens.rate_key,
        exempt_when=lambda: api_tokens.presented() is None,
    )
    for endpoint, view in list(app.view_functions.items()):
        if hasattr(view, "token_scope"):
            app.view_functions[endpoint] = limit(view)
