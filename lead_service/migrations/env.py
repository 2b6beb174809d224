"""Alembic environment, run inside the app (`lead-service db ...`), so it migrates the database
the app is configured for, through the app's own engine and its options."""

import logging

from alembic import context
from flask import current_app

config = context.config
# The app's own logging writes alembic's lines, as JSON like every other (lead_service/logs.py):
# they only need their level.
for name in ("alembic", "flask_migrate"):
    logging.getLogger(name).setLevel(logging.INFO)
logger = logging.getLogger("alembic.env")

migrate = current_app.extensions["migrate"]
engine = migrate.db.engine
config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))


def skip_empty_autogenerate(_context, _revision, directives):
    """`db migrate` with no model change writes no empty revision."""
    if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []
        logger.info("No changes in schema detected.")


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"), target_metadata=migrate.db.metadata, literal_binds=True
    )
    with context.begin_transaction():
        context.run_migrations()


def _sqlite_foreign_keys(connection, on: bool) -> None:
    """SQLite copies a table to change it (batch mode): dropping the old copy with foreign keys on
    would delete, by cascade, every row that points at it. The setting is the connection's, and
    cannot change inside a transaction: it is set before the migrations' and set back after."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")
        connection.commit()


def run_migrations_online() -> None:
    options = {"process_revision_directives": skip_empty_autogenerate, **migrate.configure_args}
    with engine.connect() as connection:
        _sqlite_foreign_keys(connection, on=False)
        try:
            context.configure(connection=connection, target_metadata=migrate.db.metadata, **options)
            with context.begin_transaction():
                context.run_migrations()
        finally:
            _sqlite_foreign_keys(connection, on=True)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
