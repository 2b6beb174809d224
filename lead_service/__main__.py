"""The `lead-service` command (also `python -m lead_service`): Flask's own commands, `db`
for migrations (Flask-Migrate), and the groups of cli/commands.py."""

from flask.cli import FlaskGroup

from . import create_app

cli = FlaskGroup(create_app=create_app, help="Run and manage the lead service.")

if __name__ == "__main__":
    cli()
