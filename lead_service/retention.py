"""Data rights and retention: a person's leads erased on request, old leads purged, each with the
notifications the outbox keeps of them."""

from datetime import datetime

from sqlalchemy import delete, func, select

from .extensions import db
from .models import LEAD_MODELS, OutboxMessage


def _remove(conditions) -> dict[str, int]:
    """Deletes, in one transaction, the leads of each kind that match and their outbox rows; counts
    per kind, and the outbox rows under "notifications"."""
    removed = {"notifications": 0}
    for kind, model in LEAD_MODELS.items():
        ids = select(model.id).where(conditions(model))
        removed["notifications"] += db.session.execute(
            delete(OutboxMessage).where(OutboxMessage.lead_kind == kind, OutboxMessage.lead_id.in_(ids))
        ).rowcount
        removed[kind] = db.session.execute(delete(model).where(conditions(model))).rowcount
    db.session.commit()
    return removed


def erase(email: str) -> dict[str, int]:
    """Every lead sent with this address, whatever its capitals or surrounding spaces."""
    address = email.strip().lower()
    return _remove(lambda model: func.lower(model.email) == address)


def purge(before: datetime) -> dict[str, int]:
    """Every lead created before `before`."""
    return _remove(lambda model: model.created_at < before)
