"""The assignment as staff read it: the rules in order, the groups, each person's availability and
the alert of a lead left with nobody."""

from typing import Any

from sqlalchemy import select

from ...assignment.conditions import values
from ...assignment.placing import open_leads
from ...extensions import db
from ...models.assignment import AssignmentRule, StaffGroup, StaffGroupMember, UnownedAlertSetting
from ...models.leads import as_utc
from ...models.staff import StaffUser
from ..leads.work import owners


def _person(user: StaffUser | None) -> dict[str, Any] | None:
    return {"id": user.id, "name": user.name} if user else None


def rule(kept: AssignmentRule) -> dict[str, Any]:
    group = db.session.get(StaffGroup, kept.group_id) if kept.group_id else None
    return {
        "id": kept.id,
        "name": kept.name,
        **values(kept),
        "target": kept.target,
        "person": _person(db.session.get(StaffUser, kept.user_id)) if kept.user_id else None,
        "group": {"id": group.id, "name": group.name} if group else None,
    }


def group(kept: StaffGroup) -> dict[str, Any]:
    members = db.session.scalars(
        select(StaffUser)
        .join(StaffGroupMember, StaffGroupMember.user_id == StaffUser.id)
        .where(StaffGroupMember.group_id == kept.id)
        .order_by(StaffUser.name, StaffUser.id)
    )
    return {"id": kept.id, "name": kept.name, "members": [_person(member) for member in members]}


def availability(user: StaffUser, held: int) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.name,
        "away": user.away,
        "open_leads_cap": user.open_leads_cap,
        "open_leads": held,
    }


def unowned_alert() -> dict[str, Any]:
    setting = db.session.get(UnownedAlertSetting, 1)
    if setting is None:
        return {"minutes": None, "updated_at": None, "updated_by": None}
    return {
        "minutes": setting.minutes,
        "updated_at": as_utc(setting.updated_at),
        "updated_by": _person(db.session.get(StaffUser, setting.updated_by)),
    }


def state() -> dict[str, Any]:
    rules = db.session.scalars(select(AssignmentRule).order_by(AssignmentRule.position, AssignmentRule.id))
    groups = db.session.scalars(select(StaffGroup).order_by(StaffGroup.name, StaffGroup.id))
    people = owners()
    held = open_leads([user.id for user in people])
    return {
        "rules": [rule(kept) for kept in rules],
        "groups": [group(kept) for kept in groups],
        "people": [availability(user, held[user.id]) for user in people],
        "unowned_alert": unowned_alert(),
    }
