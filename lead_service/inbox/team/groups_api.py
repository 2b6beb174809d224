"""The groups the assignment rules share leads among, and each person's availability (away, a cap
of open leads): admins keep both, each change on the audit trail."""

from typing import Any

from flask import abort, g
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ... import audit
from ...assignment.placing import open_leads
from ...extensions import db
from ...intake import contract
from ...models.assignment import AssignmentRule, StaffGroup, StaffGroupMember
from ...models.staff import StaffUser
from ..auth.guard import staff
from ..leads.filters import MAX_ID
from ..leads.work import may_own
from . import assignment_state
from .assignment_schemas import AvailabilityChange, GroupChange, InboxAvailability, InboxGroup

bp = contract.Blueprint("inbox_groups", __name__, url_prefix="/api/inbox/assignment")


def _found(group_id: int) -> StaffGroup:
    found = db.session.get(StaffGroup, group_id) if group_id <= MAX_ID else None
    if found is None:
        abort(404, description="There is no such group: someone may have removed it.")
    return found


def _kept(group: StaffGroup, change: dict[str, Any], action: str) -> dict[str, Any]:
    """The group's name and members as `change` gives them, committed on the trail: its answer."""
    members = list(dict.fromkeys(change["member_ids"]))
    if not all(may_own(member) for member in members):
        abort(400, description="Choose members who may own leads: sales or admins who can sign in.")
    group.name = change["name"]
    db.session.add(group)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        abort(409, description="Another group has this name: choose another.")
    db.session.execute(delete(StaffGroupMember).where(StaffGroupMember.group_id == group.id))
    db.session.add_all(StaffGroupMember(group_id=group.id, user_id=member) for member in members)
    audit.record(action, g.staff.id, group_id=group.id, members=len(members))
    db.session.commit()
    return assignment_state.group(group)


@bp.post("/groups")
@staff("admin")
@bp.arguments(GroupChange)
@bp.response(201, InboxGroup, description="Kept.")
@bp.refuses(409, "Another group has the name.")
def add_group(change: dict[str, Any]):
    """Add a group for the rules to share leads among."""
    return _kept(StaffGroup(), change, "staff_group_added")


@bp.post("/groups/<int:group_id>")
@staff("admin")
@bp.arguments(GroupChange)
@bp.response(200, InboxGroup, description="Changed.")
@bp.refuses(404, "No such group.")
@bp.refuses(409, "Another group has the name.")
def change_group(change: dict[str, Any], group_id: int):
    """Change a group's name and members."""
    return _kept(_found(group_id), change, "staff_group_changed")


@bp.post("/groups/<int:group_id>/remove")
@staff("admin")
@bp.response(204, description="Removed.")
@bp.refuses(404, "No such group.")
@bp.refuses(409, "A rule shares leads among the group.")
def remove_group(group_id: int):
    """Remove a group no rule uses."""
    group = _found(group_id)
    if db.session.scalar(select(AssignmentRule.id).where(AssignmentRule.group_id == group.id).limit(1)):
        abort(409, description="A rule shares leads among this group: change or remove the rule first.")
    db.session.delete(group)
    audit.record("staff_group_removed", g.staff.id, group_id=group_id)
    db.session.commit()
    return "", 204


@bp.post("/people/<int:user_id>")
@staff("admin")
@bp.arguments(AvailabilityChange)
@bp.response(200, InboxAvailability, description="Changed.")
@bp.refuses(404, "No one who may own leads.")
def change_availability(change: dict[str, Any], user_id: int):
    """Mark someone away or back, or set the cap of open leads past which the rules pass them over."""
    if not (user_id <= MAX_ID and may_own(user_id)):
        abort(404, description="There is no such person among those who may own leads.")
    user = db.session.get(StaffUser, user_id)
    user.away, user.open_leads_cap = change["away"], change["open_leads_cap"]
    audit.record("availability_changed", g.staff.id, user_id=user_id, **change)
    db.session.commit()
    return assignment_state.availability(user, open_leads([user_id])[user_id])
