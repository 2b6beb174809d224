"""Many rows written to a table at once, in the session's transaction: by COPY on PostgreSQL, one
stream for them all, and by one executemany INSERT on SQLite. Triggers fire on both, as they would
on any other insert."""

from typing import Any

from sqlalchemy import Table, func, select

from ..extensions import db


def write(table: Table, rows: list[dict[str, Any]]) -> None:
    """`rows`, each with the same keys (the columns written; the others take their server default)."""
    if not rows:
        return
    connection = db.session.connection()
    if connection.dialect.name != "postgresql":
        connection.execute(table.insert(), rows)
        return
    columns = list(rows[0])
    cursor = connection.connection.driver_connection.cursor()
    with cursor.copy(f"COPY {table.name} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row([row[column] for column in columns])


def next_id(table: Table) -> int:
    """The first id after the table's last: rows written with ids of their own from here on."""
    return (db.session.scalar(select(func.max(table.c.id))) or 0) + 1


def ids_taken(table: Table) -> None:
    """PostgreSQL's sequence moved past ids written by hand, for the next insert to go on from
    there (SQLite's AUTOINCREMENT follows the largest id by itself)."""
    if db.session.connection().dialect.name == "postgresql":
        db.session.execute(
            select(func.setval(func.pg_get_serial_sequence(table.name, "id"), func.max(table.c.id)))
        )
