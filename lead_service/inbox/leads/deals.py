"""A lead as a deal: made, changed and moved from stage to stage on the version it was read at, so
that of two people moving one card, the second is shown where the first put it and nothing is lost.
A deal that reaches a won or lost stage closes (a lost one with a reason from the admins' list) and
takes its lead's status with it; each change is on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update

from ... import audit
from ...extensions import db
from ...models.deals import Deal, DealStage, LostReason
from ...models.leads import Lead, utc_or_none
from ...models.staff import StaffUser


class DealStale(Exception):
    """The deal moved on from the version given (or was made, or its lead erased, meanwhile):
    nothing changed. `fresh` is the deal as it now stands (None: there is none)."""

    def __init__(self, fresh: dict[str, Any] | None) -> None:
        super().__init__("the deal changed since it was loaded")
        self.fresh = fresh


class DealRefused(Exception):
    """What was asked cannot be: a stage or reason that is not there, a lost deal without a reason."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


def stages() -> list[DealStage]:
    """The pipeline's stages in their order."""
    return list(db.session.scalars(select(DealStage).order_by(DealStage.position, DealStage.id)))


def lost_reasons() -> list[dict[str, Any]]:
    """The reasons a deal may be lost for, in the admins' order."""
    reasons = db.session.scalars(select(LostReason).order_by(LostReason.position, LostReason.id))
    return [{"id": reason.id, "name": reason.name} for reason in reasons]


def stage_state(stage: DealStage) -> dict[str, Any]:
    return {"id": stage.id, "name": stage.name, "probability": stage.probability, "outcome": stage.outcome}


def state(deal: Deal) -> dict[str, Any]:
    """A deal as staff read it."""
    reason = db.session.get(LostReason, deal.lost_reason_id) if deal.lost_reason_id else None
    return {
        "lead_id": deal.lead_id,
        "stage": stage_state(db.session.get(DealStage, deal.stage_id)),
        "value_minor": deal.value_minor,
        "currency": deal.currency,
        "expected_close": deal.expected_close,
        "lost_reason": {"id": reason.id, "name": reason.name} if reason else None,
        "version": deal.version,
        "closed_at": utc_or_none(deal.closed_at),
    }


def of_lead(lead_id: int) -> dict[str, Any] | None:
    deal = db.session.get(Deal, lead_id, populate_existing=True)
    return state(deal) if deal else None


def _checked(stage_id: int, lost_reason_id: int | None) -> tuple[DealStage, int | None]:
    stage = db.session.get(DealStage, stage_id)
    if stage is None:
        raise DealRefused("stage_id", "There is no such stage: an admin may have changed the pipeline.")
    if stage.outcome != "lost":
        return stage, None
    if lost_reason_id is None or db.session.get(LostReason, lost_reason_id) is None:
        raise DealRefused("lost_reason_id", "Choose why the deal was lost.")
    return stage, lost_reason_id


def _closes(lead_id: int, stage: DealStage, before: int | None, actor: StaffUser) -> datetime | None:
    """A stage that wins or loses the deal closes it now, and gives its lead that status."""
    if stage.outcome is None:
        return None
    lead = db.session.get(Lead, lead_id)
    if lead.status != stage.outcome:
        db.session.execute(
            update(Lead).where(Lead.id == lead_id).values(status=stage.outcome, version=Lead.version + 1)
        )
        audit.record("status_changed", actor.id, lead=lead_id, before=lead.status, after=stage.outcome)
    return datetime.now(UTC) if before is None or before != stage.id else None


def save(lead_id: int, version: int | None, values: dict[str, Any], actor: StaffUser) -> dict[str, Any]:
    """Makes the lead's deal (`version` None) or changes it on `version`, and commits: the deal.
    `values`: stage_id, value_minor, currency, expected_close, lost_reason_id. Raises DealStale or
    DealRefused, having changed nothing."""
    stage, reason = _checked(values["stage_id"], values.get("lost_reason_id"))
    kept = {
        "stage_id": stage.id,
        "value_minor": values["value_minor"],
        "currency": values["currency"],
        "expected_close": values["expected_close"],
        "lost_reason_id": reason,
    }
    current = db.session.get(Deal, lead_id, populate_existing=True)
    if version is None:
        if current is not None or db.session.get(Lead, lead_id) is None:
            db.session.rollback()
            raise DealStale(of_lead(lead_id))
        closed = _closes(lead_id, stage, None, actor)
        db.session.add(Deal(lead_id=lead_id, version=1, closed_at=closed, **kept))
        audit.record("deal_made", actor.id, lead=lead_id, stage_id=stage.id)
    else:
        if current is None or current.version != version:
            db.session.rollback()
            raise DealStale(of_lead(lead_id))
        before = current.stage_id
        closed = _closes(lead_id, stage, before, actor)
        closed_at = None if stage.outcome is None else closed or current.closed_at
        written = db.session.execute(
            update(Deal)
            .where(Deal.lead_id == lead_id, Deal.version == version)
            .values(version=version + 1, closed_at=closed_at, **kept)
        ).rowcount
        if not written:
            db.session.rollback()
            raise DealStale(of_lead(lead_id))
        audit.record("deal_changed", actor.id, lead=lead_id, stage_before=before, stage_after=stage.id)
    db.session.commit()
    return of_lead(lead_id) or {}


def move(
    lead_id: int, version: int, stage_id: int, lost_reason_id: int | None, actor: StaffUser
) -> dict[str, Any]:
    """The deal moved to another stage on `version`, as a card on the board is: its other values
    kept. Raises as `save` does."""
    current = db.session.get(Deal, lead_id, populate_existing=True)
    if current is None:
        raise DealStale(None)
    values = {
        "stage_id": stage_id,
        "value_minor": current.value_minor,
        "currency": current.currency,
        "expected_close": current.expected_close,
        "lost_reason_id": lost_reason_id,
    }
    return save(lead_id, version, values, actor)
