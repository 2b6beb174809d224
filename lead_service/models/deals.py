"""Leads the team turned into deals: the pipeline's stages (admins name, order and weigh them), the
reasons a deal is lost, and each deal's value, currency, expected close and stage."""

from datetime import UTC, date, datetime

from sqlalchemy import BigInteger, Date, DateTime, ForeignKey, Index, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db

# What reaching a stage means for the deal: none (still open), or that it was won or lost.
OUTCOMES = ("won", "lost")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class DealStage(db.Model):
    """A column of the board: its name, its place, and the chance (percent) a deal in it is won,
    which weighs the forecast. Migration 0030 makes the six a team starts with."""

    __tablename__ = "deal_stages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    probability: Mapped[int] = mapped_column(Integer, nullable=False)
    outcome: Mapped[str | None] = mapped_column(Text)  # one of OUTCOMES, or none: open


class LostReason(db.Model):
    """Why a deal was lost, from the list admins keep."""

    __tablename__ = "lost_reasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    position: Mapped[int] = mapped_column(Integer, nullable=False)


class Deal(db.Model):
    """A lead as a deal: what it is worth (in the currency's minor units, so that sums are exact on
    every database), when it is expected to close, its stage and, lost, why. Changed only on the
    version it was read at, as a lead's work is. Goes with its lead."""

    __tablename__ = "deals"
    # The board: a stage's deals, soonest expected close first (migration 0031); its totals by stage
    # and currency, the open and the lately closed, summed from indexes alone (0036).
    __table_args__ = (
        Index("ix_deals_board", "stage_id", "expected_close", "lead_id"),
        Index("ix_deals_totals", "stage_id", "currency", "value_minor"),
        Index("ix_deals_closed_totals", "closed_at", "stage_id", "currency", "value_minor"),
    )

    lead_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True
    )
    stage_id: Mapped[int] = mapped_column(Integer, ForeignKey("deal_stages.id"), nullable=False)
    value_minor: Mapped[int] = mapped_column(BigInteger, nullable=False)
    currency: Mapped[str] = mapped_column(Text, nullable=False)  # ISO 4217
    expected_close: Mapped[date] = mapped_column(Date, nullable=False, index=True)
    lost_reason_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("lost_reasons.id"))
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # When it reached a won or lost stage; none while open. Indexed (ix_deals_closed_totals) for the
    # board's won and lost columns, which count the recently closed.
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
