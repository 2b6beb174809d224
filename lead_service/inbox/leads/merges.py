"""Two people made one, and a merge undone; and who may be the same person as a lead's: someone
else with the same phone number (E.164) or the same name and company. A merge moves every address
of the other person into the lead's person, keeping where each was, so that its undo splits back
exactly what it joined; each is on the audit trail."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import false, or_, select, update

from ... import audit
from ...extensions import db
from ...models.leads import Lead, as_utc
from ...models.people import PersonAddress, PersonMerge, PersonMergeMove, addresses_of, lock, person_of
from ...models.staff import StaffUser

# The people suggested for a lead's, at most, from the newest leads found: a phone or a company
# many share would otherwise list half the inbox.
SUGGESTED = 10
LEADS_LOOKED_AT = 200
# A person's own numbers and names looked for, at most: someone with a thousand leads has a few.
KEYS_LOOKED_FOR = 50


class MergeRefused(Exception):
    """What was asked cannot be done (nothing changed): the people are one already, the merge was
    undone, or a later merge moved its addresses on."""


def merge(lead: Lead, other: Lead, actor: StaffUser) -> PersonMerge:
    """The other lead's person merged into this lead's, and committed: the merge. Raises
    MergeRefused when they are one person already, or either lead was erased meanwhile."""
    lock()
    # Written first: on SQLite the write lock is then this request's while the people are read.
    done = PersonMerge(merged_by_id=actor.id)
    db.session.add(done)
    db.session.flush()
    refusal = None
    if any(db.session.scalar(select(Lead.id).where(Lead.id == found.id)) is None for found in (lead, other)):
        refusal = "One of these leads was erased meanwhile."
    elif (person := person_of(lead.email_folded)) == (theirs := person_of(other.email_folded)):
        refusal = "These leads are one person's already."
    if refusal:
        db.session.rollback()
        raise MergeRefused(refusal)
    moved = addresses_of(theirs)
    before = {
        row.address: row
        for row in db.session.scalars(select(PersonAddress).where(PersonAddress.address.in_(moved)))
    }
    for address in moved:
        row = before.get(address)
        db.session.add(
            PersonMergeMove(
                merge_id=done.id,
                address=address,
                person_before=row.person if row else None,
                merge_before_id=row.merge_id if row else None,
            )
        )
        if row is None:
            db.session.add(PersonAddress(address=address, person=person, merge_id=done.id))
        else:
            row.person, row.merge_id = person, done.id
    audit.record(
        "person_merged", actor.id, lead=lead.id, merge_id=done.id, other_lead=other.id, addresses=len(moved)
    )
    db.session.commit()
    return done


def undo(merge_id: int, actor: StaffUser) -> PersonMerge | None:
    """The merge undone, every address it moved put back where it was before, and committed: the
    merge (None: there is no such merge). Raises MergeRefused when it cannot be."""
    lock()
    # Written first, as a merge is, and only on a merge not undone yet; rolled back when refused.
    undone = db.session.execute(
        update(PersonMerge)
        .where(PersonMerge.id == merge_id, PersonMerge.undone_at.is_(None))
        .values(undone_at=datetime.now(UTC), undone_by_id=actor.id)
    ).rowcount
    if not undone:
        db.session.rollback()
        if db.session.get(PersonMerge, merge_id) is None:
            return None
        raise MergeRefused("This merge was undone already.")
    moves = list(db.session.scalars(select(PersonMergeMove).where(PersonMergeMove.merge_id == merge_id)))
    rows = {
        row.address: row
        for row in db.session.scalars(
            select(PersonAddress).where(PersonAddress.address.in_([move.address for move in moves]))
        )
    }
    refusal = None
    if not moves:
        refusal = "Nothing is left to undo: the addresses it joined were erased."
    elif any(rows.get(move.address) is None or rows[move.address].merge_id != merge_id for move in moves):
        refusal = "A later merge moved these addresses on: undo that one first."
    if refusal:
        db.session.rollback()
        raise MergeRefused(refusal)
    for move in moves:
        row = rows[move.address]
        if move.person_before is None:
            db.session.delete(row)
        else:
            row.person, row.merge_id = move.person_before, move.merge_before_id
        db.session.delete(move)
    audit.record("person_merge_undone", actor.id, merge_id=merge_id, addresses=len(moves))
    db.session.commit()
    return db.session.get(PersonMerge, merge_id)


def _person_keys(addresses: list[str]) -> tuple[set[str], set[str]]:
    """The phones and the names with companies of the person's leads."""
    keys = db.session.execute(
        select(Lead.phone_e164, Lead.name_company_folded)
        .where(Lead.email_folded.in_(addresses))
        .distinct()
        .limit(KEYS_LOOKED_FOR)
    ).all()
    return {phone for phone, _ in keys if phone}, {name for _, name in keys if name}


def suggestions(lead: Lead) -> list[dict[str, Any]]:
    """Other people who may be the lead's person: the newest lead of each (spam left out) whose phone,
    or name and company, one of the person's leads has; the latest first, SUGGESTED at most."""
    addresses = addresses_of(lead.email_folded)
    phones, names = _person_keys(addresses)
    if not phones and not names:
        return []
    found = db.session.scalars(
        select(Lead)
        .where(
            or_(Lead.phone_e164.in_(phones), Lead.name_company_folded.in_(names)),
            Lead.email_folded.not_in(addresses),
            Lead.spam == false(),
        )
        .order_by(Lead.created_at.desc(), Lead.id.desc())
        .limit(LEADS_LOOKED_AT)
    ).all()
    merged = dict(
        db.session.execute(
            select(PersonAddress.address, PersonAddress.person).where(
                PersonAddress.address.in_({other.email_folded for other in found})
            )
        ).all()
    )
    people: dict[str, dict[str, Any]] = {}
    for other in found:
        person = merged.get(other.email_folded, other.email_folded)
        newest = {"lead_id": other.id, "name": other.name, "company": other.company, "email": other.email}
        why = people.setdefault(person, {**newest, "why": []})["why"]
        shared = {"phone": other.phone_e164 in phones, "name_and_company": other.name_company_folded in names}
        why += [key for key, matched in shared.items() if matched and key not in why]
    return list(people.values())[:SUGGESTED]


def person_merges(person: str) -> list[dict[str, Any]]:
    """The merges that made the person as they are, each with the addresses it joined, oldest first:
    each can be undone (an earlier one, hidden under a later merge of them all, once that is)."""
    rows = db.session.execute(
        select(PersonAddress.address, PersonMerge, StaffUser)
        .join(PersonMerge, PersonMerge.id == PersonAddress.merge_id)
        .join(StaffUser, StaffUser.id == PersonMerge.merged_by_id)
        .where(PersonAddress.person == person)
        .order_by(PersonMerge.id, PersonAddress.address)
    ).all()
    merges: dict[int, dict[str, Any]] = {}
    for address, done, author in rows:
        merges.setdefault(
            done.id,
            {
                "id": done.id,
                "merged_at": as_utc(done.merged_at),
                "merged_by": {"id": author.id, "name": author.name},
                "addresses": [],
            },
        )["addresses"].append(address)
    return list(merges.values())
