"""A new lead given to someone by the first rule that matches it and finds someone free: the person
it names, or one of its group's members, in turn or the least busy. Someone is free while they can
sign in, may own a lead, are not away and hold fewer open leads than their cap. A rule that finds
nobody free passes the lead on to the next rule that matches.

The change is the one a person's would be (the lead's owner and version, on the audit trail with
the rule that made it), added to the caller's transaction, which tells the new owner."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select, update

from .. import audit
from ..extensions import db
from ..models.assignment import AssignmentRule, StaffGroup, StaffGroupMember
from ..models.leads import Lead
from ..models.staff import OWNER_ROLES, StaffUser
from .conditions import Conditions

# A lead stays open until it is won or lost.
CLOSED = ("won", "lost")


@dataclass(frozen=True)
class Placed:
    owner_id: int
    rule_id: int


# No rule matched the lead, or none that did found anyone free.
UNPLACED = "unplaced"


def any_rules() -> bool:
    return db.session.scalar(select(AssignmentRule.id).limit(1)) is not None


def open_leads(user_ids: Sequence[int]) -> Counter[int]:
    """How many open leads each of these people owns."""
    rows = db.session.execute(
        select(Lead.owner_id, func.count())
        .where(Lead.owner_id.in_(user_ids), Lead.status.not_in(CLOSED), Lead.spam.is_(False))
        .group_by(Lead.owner_id)
    )
    return Counter({owner: count for owner, count in rows})


class Placing:
    """The rules, and who is free, read once for a batch of leads placed in one transaction: the
    rules in their order with their conditions, everyone not away who may own a lead, and each
    group's members, its row locked from its first use until the caller commits, so that two
    workers placing leads at once take turns. Only open leads are counted afresh for each lead,
    and only where a rule needs them (the least busy, or someone with a cap): a busy person's
    count is the dearest read."""

    def __init__(self) -> None:
        self.rules = list(
            db.session.scalars(select(AssignmentRule).order_by(AssignmentRule.position, AssignmentRule.id))
        )
        self._conditions = {rule.id: Conditions.of(rule) for rule in self.rules}
        self._people: dict[int, StaffUser] | None = None
        self._groups: dict[int, tuple[StaffGroup, list[int]]] = {}

    def _available(self) -> dict[int, StaffUser]:
        if self._people is None:
            self._people = {
                user.id: user
                for user in db.session.scalars(
                    select(StaffUser).where(
                        StaffUser.role.in_(OWNER_ROLES),
                        StaffUser.disabled_at.is_(None),
                        StaffUser.away.is_(False),
                    )
                )
            }
        return self._people

    def _free(self, user_ids: Sequence[int], counted: bool) -> list[tuple[int, int]]:
        """Those of `user_ids` who are free, in the order given, each with their open leads (0 for
        each unless counted)."""
        people = self._available()
        candidates = [user_id for user_id in user_ids if user_id in people]
        capped = any(people[user_id].open_leads_cap is not None for user_id in candidates)
        held = open_leads(candidates) if candidates and (counted or capped) else Counter()
        return [
            (user_id, held[user_id])
            for user_id in candidates
            if people[user_id].open_leads_cap is None or held[user_id] < people[user_id].open_leads_cap
        ]

    def _group(self, group_id: int) -> tuple[StaffGroup, list[int]]:
        if group_id not in self._groups:
            group = db.session.scalars(
                select(StaffGroup).where(StaffGroup.id == group_id).with_for_update()
            ).one()
            members = db.session.scalars(
                select(StaffGroupMember.user_id)
                .where(StaffGroupMember.group_id == group_id)
                .order_by(StaffGroupMember.user_id)
            )
            self._groups[group_id] = group, list(members)
        return self._groups[group_id]

    def _in_group(self, rule: AssignmentRule) -> int | None:
        """The member of the rule's group it gives the lead to: the next in turn after the last one
        given a lead (by their ids, round and round), or the one with the fewest open leads (the
        next in turn among equals)."""
        group, members = self._group(rule.group_id)
        after = group.last_given_to or 0
        in_turn = [user for user in members if user > after] + [user for user in members if user <= after]
        free = self._free(in_turn, counted=rule.target == "fewest_open")
        if not free:
            return None
        chosen = free[0][0] if rule.target == "round_robin" else min(free, key=lambda pair: pair[1])[0]
        group.last_given_to = chosen
        return chosen

    def _owner_by(self, rule: AssignmentRule) -> int | None:
        if rule.target == "person":
            return rule.user_id if self._free([rule.user_id], counted=False) else None
        return self._in_group(rule)

    def place(self, lead: Lead) -> Placed | str | None:
        """Gives `lead` to whom the rules choose: Placed; UNPLACED when there are rules and none
        placed it; None when there is nothing to do (no rules; a bot's lead; an owner already given,
        by hand or by another worker)."""
        if lead.spam or lead.owner_id is not None or not self.rules:
            return None
        for rule in self.rules:
            if not self._conditions[rule.id].matches(lead):
                continue
            owner_id = self._owner_by(rule)
            if owner_id is None:
                continue
            given = db.session.execute(
                update(Lead)
                .where(Lead.id == lead.id, Lead.version == lead.version, Lead.owner_id.is_(None))
                .values(owner_id=owner_id, version=lead.version + 1)
            ).rowcount
            if not given:
                return None
            audit.record("owner_changed", None, lead=lead.id, owner_id=owner_id, rule_id=rule.id)
            return Placed(owner_id, rule.id)
        return UNPLACED
