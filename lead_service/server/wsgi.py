"""WSGI entry point for gunicorn:
`gunicorn -c lead_service/server/gunicorn.conf.py lead_service.server.wsgi:app`."""

from .. import create_app
from ..config import secret_key

app = create_app()
# The first retry-safe lead or inbox sign-in needs the key: read (or made) now, so that a server
# that can have none stops at start-up instead of failing a visitor's request.
secret_key(app)
