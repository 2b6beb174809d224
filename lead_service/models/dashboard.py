"""The dashboard's past days (inbox/reports/dashboard_days.py): each one's figures, counted once
and kept until a lead of that day changes, which the database's own trigger records by bumping the
day's version (migration 0037)."""

from datetime import date
from typing import Any

from sqlalchemy import JSON, Date, Integer, LargeBinary
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


class DashboardDay(db.Model):
    __tablename__ = "dashboard_days"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    # Bumped by the trigger on each change to one of the day's leads.
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    # The version `figures`, `taken` and `waiting` were counted at: the day's while it is `version`.
    counted_version: Mapped[int | None] = mapped_column(Integer)
    # The day's leads by form, source and landing page, and how many were answered, and in time.
    figures: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # The answered leads' seconds to a first response, and the others' deadlines (Unix seconds),
    # each in order, as 64-bit little-endian integers.
    taken: Mapped[bytes | None] = mapped_column(LargeBinary)
    waiting: Mapped[bytes | None] = mapped_column(LargeBinary)
