"""The sales team's work on leads: each lead's status and owner, changed only on the version the
change was made on, so that nobody overwrites a colleague's change unseen; the time to its first
response; its next step; and the notes kept on it. Every change is on the audit trail, in its
transaction, and a new owner is told by e-mail through the outbox, in that transaction too."""

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ... import audit
from ...assignment import placing
from ...extensions import db
from ...models.leads import Lead, OutboxMessage, as_utc, utc_or_none
from ...models.staff import OWNER_ROLES, LeadNote, LeadNoteRevision, StaffUser
from ...outbox import queue
from ...webhooks import events as webhook_events
from .filters import MAX_ID

# An author may correct a note this long after writing it; after that it stands as written.
NOTE_EDIT_WINDOW = timedelta(minutes=15)
# No change given: the state as it stands.
UNCHANGED: Any = object()


class Stale(Exception):
    """A change made on a version that is no longer the lead's (or on a lead erased since): nothing
    was changed. `fresh` holds each such lead's state as it now stands (None when erased)."""

    def __init__(self, fresh: list[tuple[int, dict[str, Any] | None]]) -> None:
        super().__init__("changed since it was loaded")
        self.fresh = fresh


def _owner(owner_id: int | None) -> dict[str, Any] | None:
    user = db.session.get(StaffUser, owner_id) if owner_id is not None else None
    return {"id": user.id, "name": user.name} if user else None


def state(lead: Lead) -> dict[str, Any]:
    """A lead's status, owner, version and first response (and how long it took, in seconds)."""
    responded = lead.first_response_at
    return {
        "spam": lead.spam,
        "status": lead.status,
        "owner": _owner(lead.owner_id),
        "version": lead.version,
        "first_response_at": utc_or_none(responded),
        "response_seconds": (
            int((as_utc(responded) - as_utc(lead.created_at)).total_seconds()) if responded else None
        ),
        "next_step": {"on": lead.next_step_on, "text": lead.next_step} if lead.next_step_on else None,
    }


# Who may be given a lead: sales and admins who can sign in.
_MAY_OWN = (StaffUser.role.in_(OWNER_ROLES), StaffUser.disabled_at.is_(None))


def owners() -> list[StaffUser]:
    """The staff a lead may be given to, by name."""
    return list(db.session.scalars(select(StaffUser).where(*_MAY_OWN).order_by(StaffUser.name, StaffUser.id)))


def may_own(owner_id: int) -> bool:
    return db.session.scalar(select(StaffUser.id).where(StaffUser.id == owner_id, *_MAY_OWN)) is not None


def change(
    leads: Sequence[tuple[int, int]],
    actor: StaffUser,
    status: str = UNCHANGED,
    owner_id: Any = UNCHANGED,
) -> list[tuple[int, dict[str, Any] | None]]:
    """Sets the status and/or owner of each (id, version) given, all or none, and commits:
    each lead's new state. Raises Stale, having changed nothing, when any lead has moved on from
    the version given. The caller has checked the owner may own a lead."""
    now = datetime.now(UTC)
    stale, changed = [], []
    for lead_id, version in leads:
        lead = db.session.get(Lead, lead_id, populate_existing=True)
        if lead is None or lead.version != version:
            stale.append(lead_id)
            continue
        values: dict[str, Any] = {"version": version + 1}
        if status is not UNCHANGED and status != lead.status:
            values["status"] = status
            audit.record("status_changed", actor.id, lead=lead_id, before=lead.status, after=status)
            webhook_events.status_changed(lead_id, lead.status, status)
            if lead.status == "new" and lead.first_response_at is None:
                values["first_response_at"] = now
        if owner_id is not UNCHANGED and owner_id != lead.owner_id:
            values["owner_id"] = owner_id
            audit.record("owner_changed", actor.id, lead=lead_id, owner_id=owner_id)
            webhook_events.assigned(lead_id, owner_id)
            if owner_id is not None and owner_id != actor.id:
                queue.enqueue_assignment(lead_id, owner_id)
        # On the version read: a colleague's change committed since then makes this one write nothing.
        written = db.session.execute(
            update(Lead).where(Lead.id == lead_id, Lead.version == version).values(**values)
        ).rowcount
        (changed if written else stale).append(lead_id)
    if stale:
        db.session.rollback()
        raise Stale([(lead_id, _state_now(lead_id)) for lead_id in stale])
    db.session.commit()
    return [(lead_id, _state_now(lead_id)) for lead_id in changed]


def mark_spam(lead_id: int, version: int, spam: bool, actor: StaffUser) -> dict[str, Any]:
    """Moves a lead out of the inbox as spam, or back into it, on the version given, and commits:
    its new state. A lead let in is told of as any lead is (its notification queued, unless it has
    one) and placed by the assignment rules; a lead put out has a notification still waiting
    dropped. Raises Stale as `change` does."""
    let_in = {} if spam else {"awaiting_rules": placing.any_rules()}
    written = db.session.execute(
        update(Lead)
        .where(Lead.id == lead_id, Lead.version == version)
        .values(spam=spam, version=version + 1, **let_in)
    ).rowcount
    if not written:
        db.session.rollback()
        raise Stale([(lead_id, _state_now(lead_id))])
    told = (OutboxMessage.purpose == "new_lead", OutboxMessage.lead_id == lead_id)
    if spam:
        db.session.execute(delete(OutboxMessage).where(*told, OutboxMessage.status != "delivered"))
    elif db.session.scalar(select(OutboxMessage.id).where(*told).limit(1)) is None:
        queue.enqueue(lead_id)
    audit.record("marked_spam" if spam else "marked_not_spam", actor.id, lead=lead_id)
    db.session.commit()
    return _state_now(lead_id) or {}


def may_plan(lead: Lead, user: StaffUser) -> bool:
    """Whether `user` sets the lead's next step: its owner does, and an admin."""
    return lead.owner_id == user.id or user.may("admin")


def plan(lead_id: int, on: date | None, text: str | None, actor: StaffUser) -> dict[str, Any] | None:
    """Sets the lead's next step (none: clears it), on the audit trail, and commits: its state,
    or None when it was erased in the meantime. The caller has checked `may_plan`."""
    written = db.session.execute(
        update(Lead).where(Lead.id == lead_id).values(next_step_on=on, next_step=text if on else None)
    ).rowcount
    if not written:
        db.session.rollback()
        return None
    if on:
        audit.record("next_step_set", actor.id, lead=lead_id, on=on.isoformat(), length=len(text or ""))
    else:
        audit.record("next_step_cleared", actor.id, lead=lead_id)
    db.session.commit()
    return _state_now(lead_id)


def _state_now(lead_id: int) -> dict[str, Any] | None:
    lead = db.session.get(Lead, lead_id, populate_existing=True)
    return state(lead) if lead else None


def notes(lead_id: int) -> list[LeadNote]:
    """The lead's notes, newest first."""
    return list(
        db.session.scalars(select(LeadNote).where(LeadNote.lead_id == lead_id).order_by(LeadNote.id.desc()))
    )


def note(note_id: int) -> LeadNote | None:
    if not 0 <= note_id <= MAX_ID:  # an id the column cannot hold names no note
        return None
    return db.session.get(LeadNote, note_id)


def note_state(note: LeadNote, reader: StaffUser) -> dict[str, Any]:
    """A note as staff read it, its earlier texts oldest first, and whether `reader` may still edit
    it."""
    author = db.session.get(StaffUser, note.author_id)
    revisions = db.session.scalars(
        select(LeadNoteRevision).where(LeadNoteRevision.note_id == note.id).order_by(LeadNoteRevision.id)
    )
    return {
        "id": note.id,
        "author": {"id": author.id, "name": author.name},
        "created_at": as_utc(note.created_at),
        "edited_at": utc_or_none(note.edited_at),
        "body": note.body,
        "revisions": [
            {"body": revision.body, "replaced_at": as_utc(revision.replaced_at)} for revision in revisions
        ],
        "editable": may_edit(note, reader),
    }


def add_note(lead_id: int, body: str, author: StaffUser) -> LeadNote | None:
    """The note kept, committed; none when the lead was erased in the meantime (its key refuses
    the note)."""
    note = LeadNote(lead_id=lead_id, author_id=author.id, body=body)
    db.session.add(note)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return None
    audit.record("note_added", author.id, lead=lead_id, note_id=note.id)
    db.session.commit()
    return note


def may_edit(note: LeadNote, user: StaffUser) -> bool:
    return note.author_id == user.id and datetime.now(UTC) - as_utc(note.created_at) <= NOTE_EDIT_WINDOW


def edit_note(note: LeadNote, body: str, author: StaffUser) -> bool:
    """Replaces the note's text, keeping the one replaced, and commits: whether it did. Not when
    the text changed since `note` was read (another correction at the same moment): the text kept
    would not be the one replaced. The caller has checked `may_edit`."""
    now, earlier = datetime.now(UTC), note.body
    replaced = db.session.execute(
        update(LeadNote)
        .where(LeadNote.id == note.id, LeadNote.body == earlier)
        .values(body=body, edited_at=now)
    ).rowcount
    if not replaced:
        db.session.rollback()
        return False
    db.session.add(LeadNoteRevision(note_id=note.id, body=earlier, replaced_at=now, replaced_by=author.id))
    audit.record("note_edited", author.id, lead=note.lead_id, note_id=note.id)
    db.session.commit()
    return True
