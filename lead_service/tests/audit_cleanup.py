"""The tests' own way to empty the audit trail between tests. The database refuses to delete an
audit event (migration 0015); a test's clean-up lifts that guard for its own DELETE only, inside
one transaction, so that no other connection ever sees the table unguarded and the guard stands
again once the transaction ends, committed or not. The service has no such way."""

from lead_service.extensions import db

_SQLITE_TRIGGERS = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_events'"


def clear_audit_trail() -> None:
    """Deletes every audit event in the session's transaction, which the caller commits."""
    connection = db.session.connection()
    if connection.dialect.name == "postgresql":
        # Transactional, as all of PostgreSQL's DDL, and its lock holds every other writer off.
        connection.exec_driver_sql("ALTER TABLE audit_events DISABLE TRIGGER USER")
        connection.exec_driver_sql("DELETE FROM audit_events")
        connection.exec_driver_sql("ALTER TABLE audit_events ENABLE TRIGGER USER")
        return
    # SQLite cannot disable a trigger: each is dropped, then made again from its own SQL. pysqlite
    # opens a transaction before a DML statement only, and this begins with DDL.
    if not connection.connection.dbapi_connection.in_transaction:
        connection.exec_driver_sql("BEGIN")
    triggers = connection.exec_driver_sql(_SQLITE_TRIGGERS).all()
    for name, _sql in triggers:
        connection.exec_driver_sql(f'DROP TRIGGER "{name}"')
    connection.exec_driver_sql("DELETE FROM audit_events")
    for _name, sql in triggers:
        connection.exec_driver_sql(sql)
