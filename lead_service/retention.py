"""Data rights and retention: a person's leads erased on request, old leads and cookie choices
purged, each lead with the notification, the Idempotency-Key and the staff's notes kept of it."""

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import delete, func, select

from .extensions import db
from .inbox.models import LeadNote
from .models import LEAD_MODELS, ConsentRecord, IdempotencyKey, OutboxMessage, as_utc


def _remove_leads(conditions) -> dict[str, int]:
    """Deletes the leads of each kind that match, their outbox rows, keys and notes (to be committed
    by the caller): counts per kind, and of the outbox rows, keys and notes."""
    removed = {"notifications": 0, "keys": 0, "notes": 0}
    for kind, model in LEAD_MODELS.items():
        ids = select(model.id).where(conditions(model))
        removed["notifications"] += db.session.execute(
            delete(OutboxMessage).where(OutboxMessage.lead_kind == kind, OutboxMessage.lead_id.in_(ids))
        ).rowcount
        removed["keys"] += db.session.execute(
            delete(IdempotencyKey).where(
                IdempotencyKey.record_table == model.__tablename__, IdempotencyKey.record_id.in_(ids)
            )
        ).rowcount
        removed["notes"] += db.session.execute(
            delete(LeadNote).where(LeadNote.lead_kind == kind, LeadNote.lead_id.in_(ids))
        ).rowcount
        removed[kind] = db.session.execute(delete(model).where(conditions(model))).rowcount
    return removed


def erase(email: str) -> dict[str, int]:
    """Every lead sent with this address, whatever its capitals or surrounding spaces, in one
    transaction."""
    address = email.strip().lower()
    removed = _remove_leads(lambda model: func.lower(model.email) == address)
    db.session.commit()
    return removed


def purge(before: datetime) -> dict[str, int]:
    """Every lead and cookie choice recorded before `before`, in one transaction."""
    removed = _remove_leads(lambda model: model.created_at < before)
    removed["consent"] = db.session.execute(
        delete(ConsentRecord).where(ConsentRecord.created_at < before)
    ).rowcount
    db.session.commit()
    return removed


def purge_after(created_at: datetime) -> datetime | None:
    """When a lead received at `created_at` falls out of the retention period; none without one."""
    days = current_app.config["LEAD_RETENTION_DAYS"]
    return as_utc(created_at) + timedelta(days=days) if days else None
