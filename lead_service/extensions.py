"""Extensions are created here, unbound, and bound to the app in create_app."""

import sqlite3

import psycopg
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


@event.listens_for(Engine, "connect")
def _sqlite_durability(dbapi_connection, _record) -> None:
    """WAL lets readers work during a write; synchronous=FULL makes a commit survive power loss,
    which is what lets us answer 201 only for a lead that cannot be lost. secure_delete overwrites
    what a delete frees, so an erased lead's bytes do not linger in the file's free pages. SQLite
    keeps the foreign keys, and so cascades a lead's deletion to what points at it, only when
    asked, per connection (the migrations ask it not to while they copy tables)."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.execute("PRAGMA secure_delete=ON")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@event.listens_for(Engine, "connect")
def _postgresql_without_jit(dbapi_connection, _record) -> None:
    """No JIT compiling: PostgreSQL compiles a query whose estimated cost passes jit_above_cost,
    which at a million leads a search's and the dashboard's do, and compiling took longer than it
    saved: a search's median page took 41 ms with it and 7 without (docs/performance.md)."""
    if not isinstance(dbapi_connection, psycopg.Connection):
        return
    dbapi_connection.execute("SET jit = off")
    dbapi_connection.commit()  # the SET outlives the transaction the pool rolls back
