"""A list admins order by hand (the assignment rules, the pipeline's stages): every row given its
place from the ids sent, first first, or nothing changed when they are not every row's once."""

from typing import Any

from flask import abort, g
from sqlalchemy import select

from ... import audit
from ...extensions import db


def reorder(model: Any, wanted: list[int], conflict: str, action: str, detail: str) -> None:
    """Sets each row of `model` at its place in `wanted` and commits, with the audit event `action`
    naming the order under `detail`. The rows stay locked while it checks, so that a row added or
    removed meanwhile is seen: the answer is then 409 with `conflict`."""
    kept = {row.id: row for row in db.session.scalars(select(model).with_for_update())}
    if len(wanted) != len(kept) or set(wanted) != set(kept):
        db.session.rollback()
        abort(409, description=conflict)
    for position, row_id in enumerate(wanted, start=1):
        kept[row_id].position = position
    audit.record(action, g.staff.id, **{detail: ",".join(map(str, wanted))})
    db.session.commit()
