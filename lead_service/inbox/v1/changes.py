"""The leads' change journal (models.leads.LeadChange, written by the database's triggers) read in
commit order, so that a sync that follows it from page to page misses nothing.

Ids are handed out as transactions insert, not as they commit: on PostgreSQL a transaction that
began earlier may commit its change under a smaller id after a reader has passed it. So there each
row keeps its transaction's id, and a read returns only the rows of transactions older than every
transaction still running (the snapshot's xmin): those are all committed or gone, and nothing can
be added below them. The page is in (xid, id) order, and its cursor is the last row's. On SQLite one
writer at a time inserts and commits, so ids are in commit order and the id is the cursor."""

import re
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy import select

from ...extensions import db
from ...models.leads import LeadChange, as_utc
from ..leads.filters import MAX_ID, dialect

# The oldest transaction still running on the server: every change below it is committed, or gone.
HORIZON = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint"
_CURSOR = re.compile(r"^([0-9]{1,19})\.([0-9]{1,10})\.([0-9]{1,12})$")
MAX_XID = 2**63 - 1


class Forgotten(Exception):
    """The changes from then are past the journal's keeping (LeadChange.KEPT_FOR): some may be gone."""


@dataclass(frozen=True)
class ChangeCursor:
    """The last change a page returned, and when it was made: the next page starts after it (xid 0
    on SQLite)."""

    xid: int
    id: int
    at: datetime

    def encode(self) -> str:
        return f"{self.xid}.{self.id}.{int(self.at.timestamp())}"

    @classmethod
    def decode(cls, text: str) -> "ChangeCursor":
        """Raises ValueError for anything encode did not write."""
        found = _CURSOR.match(text)
        if found is None or int(found[1]) > MAX_XID or int(found[2]) > MAX_ID:
            raise ValueError("not a cursor")
        return cls(int(found[1]), int(found[2]), datetime.fromtimestamp(int(found[3]), UTC))


def read(
    since: datetime | None, after: ChangeCursor | None, size: int
) -> tuple[list[LeadChange], str | None]:
    """Up to `size` changes after the cursor (or, without one, from `since`, or from the first), in
    commit order, and the cursor to go on from (the one given when there is nothing new: a sync
    asks again later with it). Raises Forgotten when the journal no longer holds what is asked:
    from a moment, or after a cursor, older than it keeps."""
    kept_since = datetime.now(UTC) - LeadChange.KEPT_FOR
    if (after.at if after is not None else since or kept_since) < kept_since:
        raise Forgotten
    journal = LeadChange.__table__.c
    statement = select(LeadChange)
    if dialect() == "postgresql":
        horizon = db.session.scalar(sa.text(HORIZON))
        statement = statement.where(journal.xid < horizon).order_by(journal.xid, journal.id)
        if after is not None:
            statement = statement.where(sa.tuple_(journal.xid, journal.id) > sa.tuple_(after.xid, after.id))
    else:
        statement = statement.order_by(journal.id)
        if after is not None:
            statement = statement.where(journal.id > after.id)
    if after is None and since is not None:
        statement = statement.where(journal.changed_at >= since)
    rows = list(db.session.scalars(statement.limit(size)))
    last = rows[-1] if rows else None
    cursor = ChangeCursor(last.xid or 0, last.id, as_utc(last.changed_at)) if last else after
    return rows, cursor.encode() if cursor else None
