"""What stands before every inbox endpoint but sign-in: a live session at the right stage (else
401), and for a change, the inbox's own origin and the session's CSRF token (else 403), then a role
that may do it (else 403). Enforced here, in the service: the pages only show what it allows."""

import hmac
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import abort, current_app, g, request

from ... import content
from ...extensions import db
from ...models.staff import ROLES, StaffUser
from . import sessions

CSRF_HEADER = content.load("inbox")["csrfHeader"]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def check_origin() -> None:
    """A change must come from the inbox's own origin: a browser says so in Sec-Fetch-Site or Origin (at
    least one of which it sends with every POST), and anything else is refused."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    if fetch_site is None and origin is None:
        abort(403, description="A change to the inbox must come from the inbox's own pages.")
    if fetch_site is not None and fetch_site != "same-origin":
        abort(403, description="A change to the inbox must come from the inbox's own pages.")
    if origin is not None and origin != _origin(current_app.config["INBOX_URL"]):
        abort(403, description="A change to the inbox must come from the inbox's own pages.")


def check_csrf(expected: str) -> None:
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), expected.encode()):
        abort(403, description="The page's security token is missing or stale: reload the page.")


def staff(
    role: str = "viewer", stage: str | tuple[str, ...] = "signed_in"
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The view needs a session at `stage` (or one of them) of a user whose role includes `role`. The
    view finds the session's token in g.inbox_token and its user in g.staff."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    stages = (stage,) if isinstance(stage, str) else stage

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            # A request another site's page made, a read too: on a sister subdomain (the public
            # site beside the inbox) the browser sends the inbox's cookies with it, and even an
            # answer the page cannot read costs an export. The inbox's own pages say same-origin,
            # a typed address or bookmark none, and the site's server sends no such header.
            if request.headers.get("Sec-Fetch-Site") in {"same-site", "cross-site"}:
                abort(403, description="The inbox answers only its own pages.")
            token = request.cookies.get(sessions.COOKIE)
            session = sessions.find(token)
            user = db.session.get(StaffUser, session.user_id) if session else None
            if session is None or user is None or user.disabled_at is not None or session.stage not in stages:
                abort(401, description="Sign in to the inbox.")
            if request.method not in SAFE_METHODS:
                check_origin()
                check_csrf(sessions.csrf_token(token))
            if not user.may(role):
                abort(403, description="Your role may not do this.")
            g.inbox_token, g.staff = token, user
            return view(*args, **kwargs)

        # Read by the OpenAPI document, which adds the answers the guard gives, and by the tests
        # that sign in to each route's stage.
        guarded.staff_role = role  # type: ignore[attr-defined]
        guarded.staff_stage = stages[0]  # type: ignore[attr-defined]
        return guarded

    return decorate
