"""WSGI entry point for gunicorn: `gunicorn -c lead_service/gunicorn.conf.py lead_service.wsgi:app`."""

from . import create_app

app = create_app()
