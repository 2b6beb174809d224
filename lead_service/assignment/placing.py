"""A new lead given to someone by the first rule that matches it and finds someone free: the person
it names, or one of its group's members, in turn or the least busy. Someone is free while they can
sign in, may own a lead, are not away and hold fewer open leads than their cap. A rule that finds
nobody free passes the lead on to the next rule that matches.

The leads of a batch are all chosen first, reading only, then given in one statement (`give`). The
change is the one a person's would be (the lead's owner and version, on the audit trail with the
rule that made it), added to the caller's transaction, which tells the new owner."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import case, func, select, update

from .. import audit
from ..extensions import db
from ..models.assignment import AssignmentRule, StaffGroup, StaffGroupMember
from ..models.leads import Lead
from ..models.staff import OWNER_ROLES, StaffUser
from ..webhooks import events as webhook_events
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


def mark_waiting(lead: Lead) -> None:
    """Marks a lead about to be stored as waiting for the rules, while admins keep any: the outbox
    worker places it once it is committed."""
    lead.awaiting_rules = any_rules()


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
        # Who was chosen for the batch's leads so far, not yet written: counted as theirs.
        self._given: Counter[int] = Counter()
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
        held = open_leads(candidates) + self._given if candidates and (counted or capped) else Counter()
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

    def choose(self, lead: Lead) -> Placed | str | None:
        """Whom the rules give `lead` to, reading only: Placed; UNPLACED when there are rules and
        none places it; None when there is nothing to do (no rules; a bot's lead; an owner already
        given). The choice counts as given for the leads chosen after it in the batch."""
        if lead.spam or lead.owner_id is not None or not self.rules:
            return None
        for rule in self.rules:
            if not self._conditions[rule.id].matches(lead):
                continue
            owner_id = self._owner_by(rule)
            if owner_id is None:
                continue
            self._given[owner_id] += 1
            return Placed(owner_id, rule.id)
        return UNPLACED


def give(chosen: Sequence[tuple[Lead, Placed]]) -> list[tuple[int, Placed]]:
    """The leads given to the owners chosen for them, in one statement: each on the version it was
    read at and only while it has nobody's name on it, so that a lead someone took meanwhile stays
    theirs. Each change goes on the audit trail, as a person's would, with the rule that made it.
    The leads given, with their choices. One statement, after all the choosing: on SQLite the write
    lock, which intake waits on, is held for the writes alone."""
    if not chosen:
        return []
    by_id = {lead.id: placed for lead, placed in chosen}
    versions = {lead.id: lead.version for lead, _ in chosen}
    owners = {lead_id: placed.owner_id for lead_id, placed in by_id.items()}
    given = db.session.scalars(
        update(Lead)
        .where(
            Lead.id.in_(by_id),
            Lead.owner_id.is_(None),
            Lead.version == case(versions, value=Lead.id),
        )
        .values(owner_id=case(owners, value=Lead.id), version=Lead.version + 1)
        .returning(Lead.id)
        .execution_options(synchronize_session=False)
    ).all()
    for lead_id in given:
        placed = by_id[lead_id]
        audit.record("owner_changed", None, lead=lead_id, owner_id=placed.owner_id, rule_id=placed.rule_id)
        webhook_events.assigned(lead_id, placed.owner_id)
    return [(lead_id, by_id[lead_id]) for lead_id in sorted(given)]
