"""The assignment rules, which every role reads and admins add, change, order and remove, and the
alert of a lead left with nobody, which admins set; each change on the audit trail. The outbox
worker runs the rules (lead_service/assignment/)."""

import json
from datetime import UTC, datetime
from typing import Any

from flask import abort, g
from sqlalchemy import func, select

from ... import audit
from ...assignment.conditions import CONDITIONS
from ...extensions import db
from ...intake import contract
from ...models.assignment import AssignmentRule, StaffGroup, UnownedAlertSetting
from ..auth.guard import staff
from ..leads.filters import MAX_ID
from ..leads.work import may_own
from . import assignment_state
from .assignment_schemas import (
    AlertChange,
    InboxAssignment,
    InboxRule,
    InboxUnownedAlert,
    RuleChange,
    RuleOrder,
)
from .ordering import reorder

bp = contract.Blueprint("inbox_assignment", __name__, url_prefix="/api/inbox/assignment")


def _found(rule_id: int) -> AssignmentRule:
    found = db.session.get(AssignmentRule, rule_id) if rule_id <= MAX_ID else None
    if found is None:
        abort(404, description="There is no such rule: someone may have removed it.")
    return found


def _kept(rule: AssignmentRule, change: dict[str, Any]) -> None:
    """`change` written to `rule`, once its person may own leads or its group exists."""
    person = change["target"] == "person"
    if person and not may_own(change["user_id"]):
        abort(400, description="Choose someone who may own leads: sales or an admin who can sign in.")
    if not person and db.session.get(StaffGroup, change["group_id"]) is None:
        abort(400, description="There is no such group: someone may have removed it.")
    rule.name, rule.target = change["name"], change["target"]
    rule.user_id = change["user_id"] if person else None
    rule.group_id = None if person else change["group_id"]
    for name in CONDITIONS:
        setattr(rule, name, json.dumps(list(dict.fromkeys(change[name]))))
    rule.updated_at, rule.updated_by = datetime.now(UTC), g.staff.id


@bp.get("")
@staff()
@bp.response(
    200, InboxAssignment, description="The rules in order, the groups and each person's availability."
)
def read_assignment():
    """The assignment rules, the groups and who is free."""
    return assignment_state.state()


@bp.post("/rules")
@staff("admin")
@bp.arguments(RuleChange)
@bp.response(201, InboxRule, description="Kept, last in order.")
def add_rule(change: dict[str, Any]):
    """Add a rule, tried after the others."""
    last = db.session.scalar(select(func.max(AssignmentRule.position)))
    rule = AssignmentRule(position=(last or 0) + 1)
    _kept(rule, change)
    db.session.add(rule)
    db.session.flush()
    audit.record("assignment_rule_added", g.staff.id, rule_id=rule.id)
    db.session.commit()
    return assignment_state.rule(rule)


@bp.post("/rules/<int:rule_id>")
@staff("admin")
@bp.arguments(RuleChange)
@bp.response(200, InboxRule, description="Changed.")
@bp.refuses(404, "No such rule.")
def change_rule(change: dict[str, Any], rule_id: int):
    """Change a rule's conditions or target: the leads that come from now on meet it."""
    rule = _found(rule_id)
    _kept(rule, change)
    audit.record("assignment_rule_changed", g.staff.id, rule_id=rule.id)
    db.session.commit()
    return assignment_state.rule(rule)


@bp.post("/rules/<int:rule_id>/remove")
@staff("admin")
@bp.response(204, description="Removed.")
@bp.refuses(404, "No such rule.")
def remove_rule(rule_id: int):
    """Remove a rule: the leads it gave stay with their owners."""
    db.session.delete(_found(rule_id))
    audit.record("assignment_rule_removed", g.staff.id, rule_id=rule_id)
    db.session.commit()
    return "", 204


@bp.post("/rules/order")
@staff("admin")
@bp.arguments(RuleOrder)
@bp.response(200, InboxAssignment, description="The rules in their new order.")
@bp.refuses(409, "The rules given are not the rules kept: someone added or removed one since.")
def order_rules(order: dict[str, list[int]]):
    """Set the order the rules are tried in: the first that matches a lead and finds someone free
    places it."""
    reorder(
        AssignmentRule,
        order["rule_ids"],
        "The rules changed since this page was loaded: reload it and order them again.",
        "assignment_rules_ordered",
        "rule_ids",
    )
    return assignment_state.state()


@bp.post("/unowned-alert")
@staff("admin")
@bp.arguments(AlertChange)
@bp.response(200, InboxUnownedAlert, description="The setting as it now stands.")
def set_unowned_alert(change: dict[str, int | None]):
    """Set how many minutes a new lead may wait with nobody's name on it before the team is alerted,
    or lift it: a lead no rule places is alerted of at once either way."""
    minutes = change["minutes"]
    setting = db.session.get(UnownedAlertSetting, 1)
    if minutes is None and setting is not None:
        db.session.delete(setting)
    elif minutes is not None:
        setting = setting or UnownedAlertSetting(id=1)
        setting.minutes, setting.updated_at, setting.updated_by = minutes, datetime.now(UTC), g.staff.id
        db.session.add(setting)
    audit.record("unowned_alert_set", g.staff.id, minutes=minutes)
    db.session.commit()
    return assignment_state.unowned_alert()
