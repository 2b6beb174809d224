"""Who is given each new lead without anyone sorting: the admins' rules, in order, and the groups
they give leads to; the leads the team was alerted of because nobody got them; and the alert's
setting. Each person's availability (away, a cap of open leads) is kept on their staff row."""

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db

# What a rule does with a lead it matches: gives it to one named person, to the group's members in
# turn, or to the member of the group with the fewest open leads.
TARGETS = ("person", "round_robin", "fewest_open")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class StaffGroup(db.Model):
    """Members of staff a rule shares leads among."""

    __tablename__ = "staff_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    # Round-robin's place: the member given the group's last lead (the next goes to the one after).
    last_given_to: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))


class StaffGroupMember(db.Model):
    __tablename__ = "staff_group_members"

    group_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_groups.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), primary_key=True, index=True)


class AssignmentRule(db.Model):
    """One rule: its conditions (each a JSON list of values, any of which matches; an empty list
    matches every lead) and what it does with a lead that meets them all. The rules are tried by
    `position`, and the first that matches and finds someone free places the lead."""

    __tablename__ = "assignment_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(Text, nullable=False)
    forms: Mapped[str] = mapped_column(Text, nullable=False, default="[]")  # keys of forms.json
    countries: Mapped[str] = mapped_column(Text, nullable=False, default="[]")  # the country list's names
    budgets: Mapped[str] = mapped_column(Text, nullable=False, default="[]")  # the quote form's bands
    sources: Mapped[str] = mapped_column(Text, nullable=False, default="[]")  # as the dashboard names them
    target: Mapped[str] = mapped_column(Text, nullable=False)  # one of TARGETS
    user_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))
    group_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_groups.id"))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    updated_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)


class UnownedAlertSetting(db.Model):
    """How many minutes a new lead may wait with nobody's name on it before the team is alerted (one
    row, or none: only the leads no rule places are alerted of)."""

    __tablename__ = "unowned_alert_setting"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    minutes: Mapped[int] = mapped_column(Integer, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    updated_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)


class UnownedAlert(db.Model):
    """A lead the team was alerted of because nobody was given it: once, whether no rule placed it
    or it waited too long, however many outbox workers look. Goes with its lead."""

    __tablename__ = "unowned_alerts"

    lead_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(Text, nullable=False)  # "unplaced" or "waiting"
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
