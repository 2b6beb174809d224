"""Sign-in with a second factor, enrolment, sign-out and the session: /api/inbox/sign-in, ...."""

from flask import Blueprint

bp = Blueprint("inbox_auth", __name__, url_prefix="/api/inbox")
