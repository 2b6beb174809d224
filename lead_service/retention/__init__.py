"""Data rights and retention: a person's leads erased on request (on the audit trail, by a keyed
hash of their address), old leads and cookie choices purged. A lead's deletion takes, by the keys
that point at it, its notifications, its Idempotency-Key, the staff's notes on it and the notes'
earlier texts, and its conversation with the replies' e-mails; an erasure also takes what the
address wrote into the sales mailbox elsewhere (its answers in other leads' conversations, its
messages set aside), and a purge the messages set aside as old as its leads. A person staff merged
across addresses is erased whole, whichever address is given, and forgotten by the merges; a purge
forgets a merged person once none of their addresses has a lead left. The e-mails telling
staff of events on their own accounts name no lead: a purge takes them at the same age as leads,
and an erasure, which is of a person's leads, leaves them. Each erasure is also appended to the
erasure ledger, apart from the database, so that a restored backup loses again whoever was erased
since (erase_again)."""

import hashlib
import hmac
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from flask import current_app
from sqlalchemy import ColumnElement, and_, delete, func, select, text

from .. import audit
from ..config import secret_key
from ..extensions import db
from ..models import people
from ..models.conversation import LeadMessage, SetAsideMessage
from ..models.leads import (
    SQLITE_SEARCH_TABLES,
    ConsentRecord,
    IdempotencyKey,
    Lead,
    LeadChange,
    OutboxMessage,
    as_utc,
    fold_address,
)
from ..models.people import PersonAddress
from ..models.staff import AuditEvent, LeadNote
from ..webhooks import events as webhook_events
from . import erasure_ledger


def _remove_leads(condition: ColumnElement[bool], *, erased: bool = False) -> dict[str, int]:
    """Deletes the leads that match, and by their keys what points at them (to be committed by the
    caller): how many contact messages and quote requests, and notifications, keys, notes and
    messages went. Their webhook deliveries go too; an erasure tells the endpoints that want it."""
    ids = select(Lead.id).where(condition)
    if erased:
        webhook_events.erased(list(db.session.scalars(ids)))
    else:
        webhook_events.forget(ids)

    def count(*criteria: ColumnElement[bool]) -> int:
        return db.session.scalar(select(func.count()).where(*criteria)) or 0

    removed = {
        "notifications": count(OutboxMessage.lead_id.in_(ids)),
        "keys": count(IdempotencyKey.lead_id.in_(ids)),
        "notes": count(LeadNote.lead_id.in_(ids)),
        "messages": count(LeadMessage.lead_id.in_(ids)),
    }
    quotes = count(condition, Lead.form == "quote")
    removed["contact"] = db.session.execute(delete(Lead).where(condition)).rowcount - quotes
    removed["quote"] = quotes
    return removed


class Erasure(NamedTuple):
    removed: dict[str, int]
    # When the same address, or one erased with it, was last erased before, if it was.
    erased_before: datetime | None
    # Every address erased, case-folded: the one given and any merged with it.
    addresses: list[str]


def address_hash(address: str) -> str:
    """An erased address as the audit trail keeps it: keyed under SECRET_KEY, so that the same
    person is recognised when erased again, while the trail never says who it was."""
    message = b"erased-address\n" + fold_address(address).encode()
    return hmac.new(secret_key(current_app), message, hashlib.sha256).hexdigest()


def _merge_search_tables(removed: dict[str, int]) -> None:
    """On SQLite, an FTS5 index keeps a deleted row's words in its segments until they merge: the
    search tables are merged now, when leads went, in the erasure's or purge's transaction (about a
    second for 100,000 leads, while intake waits on the write lock). PostgreSQL's indexes drop them
    at its next vacuum."""
    if db.session.get_bind().dialect.name != "sqlite" or not removed["contact"] + removed["quote"]:
        return
    for table in SQLITE_SEARCH_TABLES:
        db.session.execute(text(f"INSERT INTO {table}({table}) VALUES ('optimize')"))


def _remove_writings(address: str, until: datetime | None = None) -> int:
    """What the address wrote into the sales mailbox outside its own leads (an answer in another
    lead's conversation, a message set aside), up to `until`: how many went."""
    answers = and_(LeadMessage.direction == "in", LeadMessage.from_folded == address)
    set_aside = SetAsideMessage.sender_folded == address
    if until is not None:
        answers &= LeadMessage.created_at <= until
        set_aside &= SetAsideMessage.received_at <= until
    return (
        db.session.execute(delete(LeadMessage).where(answers)).rowcount
        + db.session.execute(delete(SetAsideMessage).where(set_aside)).rowcount
    )


def erased_with(email: str) -> list[str]:
    """The addresses an erasure of `email` takes, case-folded: its own and every one merged with it."""
    return people.addresses_of(fold_address(email))


def _last_erased(digest: str) -> datetime | None:
    # The detail as audit.record writes it, in JSON.
    mark = f'"address_hash": "{digest}"'
    earlier = db.session.scalar(
        select(AuditEvent.at)
        .where(AuditEvent.action == "erase", AuditEvent.detail.contains(mark, autoescape=True))
        .order_by(AuditEvent.id.desc())
        .limit(1)
    )
    return as_utc(earlier) if earlier else None


def erase(email: str, actor_id: int | None = None) -> Erasure:
    """Every lead sent with this address, whatever its capitals (in any script) or surrounding
    spaces, or with any address merged with it, and an audit event of each address (by `actor_id`;
    none from the command line), in one transaction. Finding no lead is an erasure too: it is
    recorded, with its counts of 0."""
    people.lock()
    addresses = erased_with(email)
    # Of a merged person, each address's event says how many went together.
    together = {"person_addresses": len(addresses)} if len(addresses) > 1 else {}
    removed_in_all: dict[str, int] = {}
    earlier = []
    for address in addresses:
        digest = address_hash(address)
        earlier.append(_last_erased(digest))
        removed = _remove_leads(Lead.email_folded == address, erased=True)
        removed["messages"] += _remove_writings(address)
        audit.record("erase", actor_id, address_hash=digest, **removed, **together)
        removed_in_all = {kind: removed_in_all.get(kind, 0) + count for kind, count in removed.items()}
        # On the ledger before the commit, stamped after the deletion: a line whose commit then fails
        # erases again someone who asked to be erased; an erasure without its line is no erasure.
        try:
            erasure_ledger.append(digest, datetime.now(UTC))
        except erasure_ledger.LedgerError:
            db.session.rollback()
            raise
    people.forget(addresses)
    _merge_search_tables(removed_in_all)
    db.session.commit()
    return Erasure(removed_in_all, max((at for at in earlier if at), default=None), addresses)


def erase_again(erased: Mapping[str, datetime]) -> dict[str, dict[str, int]]:
    """After a backup's restore: each address of the restored leads whose hash the erasure ledger
    holds (`erased`, the hash and when it was last erased) loses the leads it had sent by then, with
    an audit event each (no actor, `restored`), in one transaction. A lead sent after its erasure is
    a new request of that person's, and stays. What went, by address hash."""
    addresses = set(db.session.scalars(select(Lead.email_folded).distinct()))
    addresses.update(
        db.session.scalars(
            select(LeadMessage.from_folded).where(LeadMessage.from_folded.is_not(None)).distinct()
        )
    )
    addresses.update(db.session.scalars(select(SetAsideMessage.sender_folded).distinct()))
    addresses.update(db.session.scalars(select(PersonAddress.address)))
    removed_by_hash: dict[str, dict[str, int]] = {}
    for address in sorted(addresses):
        digest = address_hash(address)
        if digest not in erased:
            continue
        removed = _remove_leads(and_(Lead.email_folded == address, Lead.created_at <= erased[digest]))
        removed["messages"] += _remove_writings(address, erased[digest])
        people.forget([address])
        if removed["contact"] + removed["quote"] + removed["messages"]:
            audit.record("erase", None, address_hash=digest, restored=True, **removed)
            removed_by_hash[digest] = removed
    _merge_search_tables(
        {kind: sum(removed[kind] for removed in removed_by_hash.values()) for kind in ("contact", "quote")}
    )
    db.session.commit()
    return removed_by_hash


def delete_expired_keys(now: datetime) -> int:
    """Deletes the Idempotency-Keys past their 24 hours: how many."""
    count = db.session.execute(
        delete(IdempotencyKey).where(IdempotencyKey.created_at < now - IdempotencyKey.KEPT_FOR)
    ).rowcount
    db.session.commit()
    return count


def delete_old_changes(now: datetime) -> int:
    """Deletes the leads' change journal past its keeping (LeadChange.KEPT_FOR): how many rows."""
    count = db.session.execute(
        delete(LeadChange).where(LeadChange.changed_at < now - LeadChange.KEPT_FOR)
    ).rowcount
    db.session.commit()
    return count


def _forget_people_gone() -> None:
    """The merged people none of whose addresses has a lead left, forgotten as an erasure forgets."""
    has_leads = select(Lead.id).where(Lead.email_folded == PersonAddress.address).exists()
    alive = set(db.session.scalars(select(PersonAddress.person).where(has_leads)))
    alive.update(
        db.session.scalars(
            select(Lead.email_folded).where(Lead.email_folded.in_(select(PersonAddress.person))).distinct()
        )
    )
    for person in set(db.session.scalars(select(PersonAddress.person))) - alive:
        people.forget(people.addresses_of(person))


def remove_deployment_check(message: str, since: datetime) -> bool:
    """The lead the deployment check sent deleted, with what points at it: whether it was there. It
    is known by its message, which holds the check's own random token, among the leads since
    `since`; so it goes even when no answer named it, or a proxy dropped its mark and it was stored
    as a visitor's. Nobody's data: neither audited nor merged out of the search index, as an
    erasure is."""
    sent = and_(Lead.spam.is_(False), Lead.created_at >= since, Lead.message == message)
    removed = _remove_leads(sent)
    db.session.commit()
    return removed["contact"] + removed["quote"] > 0


def purge(before: datetime) -> dict[str, int]:
    """Every lead and cookie choice recorded before `before`, and staff's security notices, in one
    transaction."""
    removed = _remove_leads(Lead.created_at < before)
    removed["messages"] += db.session.execute(
        delete(SetAsideMessage).where(SetAsideMessage.received_at < before)
    ).rowcount
    removed["notifications"] += db.session.execute(
        delete(OutboxMessage).where(OutboxMessage.lead_id.is_(None), OutboxMessage.created_at < before)
    ).rowcount
    _merge_search_tables(removed)
    _forget_people_gone()
    removed["consent"] = db.session.execute(
        delete(ConsentRecord).where(ConsentRecord.created_at < before)
    ).rowcount
    db.session.commit()
    return removed


def purge_after(created_at: datetime) -> datetime | None:
    """When a lead received at `created_at` falls out of the retention period; none without one."""
    days = current_app.config["LEAD_RETENTION_DAYS"]
    return as_utc(created_at) + timedelta(days=days) if days else None
