"""People who wrote from more than one address, as staff merged them. A person is named by one of
their addresses (case-folded, as Lead.email_folded): an address nobody merged is a person of its
own; a merged one points at the person it went into, with the merge that put it there. Each merge
keeps where every address it moved was before, so that its undo puts exactly those back."""

from datetime import UTC, datetime

from sqlalchemy import ColumnElement, DateTime, ForeignKey, Integer, Subquery, Text, func, select, union_all
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


def _utcnow() -> datetime:
    return datetime.now(UTC)


class PersonMerge(db.Model):
    """Two people made one by a member of staff, and its undo. Kept when its addresses are erased,
    with nothing left to undo: who merged and when names nobody."""

    __tablename__ = "person_merges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    merged_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    merged_by_id: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    undone_by_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))


class PersonAddress(db.Model):
    """An address merged into another person: that person's address, and the merge that moved it
    there (the latest: a later merge of the whole person moves it again)."""

    __tablename__ = "person_addresses"

    address: Mapped[str] = mapped_column(Text, primary_key=True)
    person: Mapped[str] = mapped_column(Text, nullable=False, index=True)
    merge_id: Mapped[int] = mapped_column(Integer, ForeignKey("person_merges.id"), nullable=False, index=True)


class PersonMergeMove(db.Model):
    """An address a merge moved, and where it was before (no person: it was its own), which its undo
    puts back. Gone once the merge is undone, or the address erased."""

    __tablename__ = "person_merge_moves"

    merge_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("person_merges.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(Text, primary_key=True, index=True)
    person_before: Mapped[str | None] = mapped_column(Text)
    merge_before_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("person_merges.id"))


def lock() -> None:
    """One change of people at a time, on PostgreSQL, until the transaction ends: two merges, or a
    merge and an erasure, would otherwise each read the people as they were before the other. Reads
    go on. (On SQLite a transaction that writes first holds the database's one write lock.)"""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(db.text("LOCK TABLE person_addresses IN SHARE ROW EXCLUSIVE MODE"))


def person_of(address: str) -> str:
    """The person a folded address belongs to: the address it was merged into, or its own."""
    return db.session.scalar(select(PersonAddress.person).where(PersonAddress.address == address)) or address


def addresses_sql(address: ColumnElement[str]) -> Subquery:
    """addresses_of() in SQL, of a column of the statement it is in: every folded address of the
    person the folded `address` belongs to, as a subquery of one column, `address`. A few rows,
    found by person_addresses' key and its index on person, for the leads' index on email_folded to
    look each up."""
    # The selects of a UNION in a FROM are not correlated by themselves: each correlates with the
    # statement's tables, `address`'s among them, and reads person_addresses of its own.
    merged = select(PersonAddress.person).where(PersonAddress.address == address)
    person = func.coalesce(merged.correlate_except(PersonAddress).scalar_subquery(), address)
    own = select(person.label("address"))
    theirs = select(PersonAddress.address).where(PersonAddress.person == person)
    every = union_all(*(part.correlate_except(PersonAddress) for part in (own, theirs)))
    return every.subquery("addresses")


def addresses_of(address: str) -> list[str]:
    """Every folded address of the person `address` belongs to, sorted: itself alone when unmerged."""
    person = person_of(address)
    merged = db.session.scalars(select(PersonAddress.address).where(PersonAddress.person == person))
    return sorted({person, *merged})


def forget(addresses: list[str]) -> None:
    """The addresses out of every person and merge (to be committed by the caller): what erasure
    leaves of a merged person is who merged them and when."""
    db.session.execute(db.delete(PersonMergeMove).where(PersonMergeMove.address.in_(addresses)))
    db.session.execute(
        db.delete(PersonAddress).where(
            PersonAddress.address.in_(addresses) | PersonAddress.person.in_(addresses)
        )
    )
