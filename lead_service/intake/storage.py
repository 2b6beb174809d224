"""What every POST route of the service shares: a JSON body in, a row committed, and only then
an answer, so that nothing acknowledged can be lost."""

import json
from typing import Any

from flask import abort, current_app, g, request
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..assignment import placing
from ..errors import NOT_SAVED
from ..extensions import db
from ..models.leads import OutboxMessage
from ..outbox import queue
from . import idempotency


def json_body() -> Any:
    """The request's JSON, read once: the fields' check and, after it, the Turnstile check's token
    read the same parsed body."""
    if "json_body" in g:
        return g.json_body
    if not request.is_json:
        abort(415, description="Send the form as JSON with Content-Type: application/json.")
    try:
        g.json_body = json.loads(request.get_data(cache=False))
    # RecursionError: deeply nested arrays fit easily under the body limit.
    except (ValueError, RecursionError):
        abort(400, description="The request body is not valid JSON.")
    return g.json_body


def commit(
    record: db.Model, kind: str, status: str, notify: str | None = None, shown: tuple[str, ...] = ()
) -> tuple[dict[str, Any], int]:
    """Store `record` (a `kind`, as the log names it); answer 201 once it is committed, with the
    values of its `shown` columns as stored, or 503 when the database is not there. With an
    Idempotency-Key, the key and its answer are committed in the same transaction as the row, and
    so is the lead's notification, when `notify` names its purpose (a new lead's is also placed by
    the assignment rules)."""
    claim = idempotency.current_claim()
    table = record.__tablename__
    try:
        if notify == OutboxMessage.NEW_LEAD:
            # Before it is added, so in the lead's own INSERT: with assignment rules, intake writes no
            # row more than without.
            placing.mark_waiting(record)
        db.session.add(record)
        db.session.flush()
        # Read before the commit: afterwards the row is expired, and reading it again would ask a
        # database that may be gone by then, turning a stored lead into an error.
        answer = {"id": record.id, "status": status, **{name: getattr(record, name) for name in shown}}
        if notify:
            queue.enqueue(record.id, notify)
        if claim is not None:
            idempotency.remember(claim, answer, 201, record)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        # Only the key can clash: a copy of this request, on another worker, committed first.
        earlier = idempotency.earlier_answer(claim) if claim is not None else None
        if earlier is None:
            raise
        current_app.logger.info("%s retry answered from its first copy table=%s", kind, table)
        return earlier
    except SQLAlchemyError as exc:
        db.session.rollback()
        # The exception text may quote the row itself; its type is enough to act on.
        current_app.logger.error("%s not stored table=%s error=%s", kind, table, type(exc).__name__)
        abort(503, description=NOT_SAVED)
    current_app.logger.info("%s stored table=%s id=%s", kind, table, answer["id"])
    return answer, 201
