"""`lead-service openapi`: the OpenAPI document that GET /api/openapi.json serves, printed without a
server. Its keys are sorted and it is indented, so that the copy the site's inbox types are generated
from (web/lib/inbox/openapi.json) changes only where the API does, and a test can compare the two."""

import json

import click
from flask import current_app
from flask.cli import with_appcontext

from ..api.openapi import document


@click.command("openapi")
@with_appcontext
def openapi():
    """Print the API's OpenAPI 3.1 document (of the routes SERVE serves: all by default)."""
    click.echo(json.dumps(document(current_app), indent=2, sort_keys=True, ensure_ascii=False))
