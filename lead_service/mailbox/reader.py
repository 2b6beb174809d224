"""Leads' answers read from the sales mailbox over IMAP (IMAP_HOST) by `lead-service mailbox run`
(run.py): each new message of IMAP_FOLDER whose In-Reply-To or References names a message of a
lead's conversation is filed into that conversation (filing.py), or, when it cannot be, set aside
with why; every other message is left to the people who read the mailbox.

Anyone on the internet can write to the mailbox, so nothing in a message may stop the reading:
each is fetched within a size (WHOLE), parsed within the parser's own bounds (received.py) and a
time limit (MESSAGE_SECONDS), and whatever fails on it sets it aside. The place read to is recorded
in the same commit as the message's filing, so that a reader that dies goes on from the last
message it handled, and a message that failed is never tried again.

The mailbox is only read: the folder is opened read-only and each message fetched with PEEK, so
nothing in it changes. Where the reading got to (the folder's UIDVALIDITY and its last UID) is kept
in mailbox_reads, with a lease that lets one reader read at a time; a message filed twice (a copy
delivered again) is refused by its Message-ID, unique in the conversations."""

import dataclasses
import imaplib
import re
import ssl
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from flask import current_app
from imapclient import IMAPClient
from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError

from ..extensions import db
from ..metrics import MAILBOX_MESSAGES
from ..models.conversation import LeadMessage, MailboxRead
from ..models.leads import Lead, as_utc
from . import filing
from .received import Received, header_section, parse, thread_ids
from .time_limit import TimeLimitExceeded, time_limit

# Long enough for a read of a large folder's first pass; a reader that dies holding it only delays
# the next read by as much.
LEASE = timedelta(minutes=10)
# Messages whose thread headers are fetched at once, each at most HEADER_BYTES of them: a genuine
# thread's ids take a few kB.
BATCH = 100
HEADER_BYTES = 64 * 1024
# An answer is fetched whole up to this size; of a larger one (its attachments' bytes), the start
# alone: its text comes first, and the rest stays in the mailbox.
WHOLE = 10 * 1024 * 1024
PART = 1024 * 1024
# One message's parsing and filing: past it, the message is set aside.
MESSAGE_SECONDS = 5
_THREAD_FIELDS = b"HEADER.FIELDS (MESSAGE-ID IN-REPLY-TO REFERENCES)"
_THREAD_HEADERS = b"BODY[" + _THREAD_FIELDS + b"]<0>"
TOO_SLOW = f"It took longer than {MESSAGE_SECONDS} s to read."
# What of a server's refusal is kept with a message set aside: printable ASCII, as any column takes.
_NOT_PRINTABLE = re.compile(r"[^\x20-\x7e]")


class Read(NamedTuple):
    """What one read of the folder did: messages looked at, filed, set aside."""

    read: int
    filed: int
    set_aside: int


def _lease(folder: str, now: datetime) -> bool:
    """Takes the folder's lease, unless another reader holds it."""
    try:
        db.session.execute(insert(MailboxRead).values(folder=folder, uid_validity=0, last_uid=0))
        db.session.commit()
    except IntegrityError:  # read before: the row is there
        db.session.rollback()
    taken = db.session.execute(
        update(MailboxRead)
        .where(
            MailboxRead.folder == folder,
            or_(MailboxRead.leased_until.is_(None), MailboxRead.leased_until < now),
        )
        .values(leased_until=now + LEASE)
    ).rowcount
    db.session.commit()
    return taken == 1


def _release(folder: str, now: datetime, place: tuple[int, int] | None) -> None:
    values: dict[str, Any] = {"leased_until": None}
    if place is not None:
        values.update(uid_validity=place[0], last_uid=place[1], read_at=now, oldest_unread_at=None)
    db.session.execute(update(MailboxRead).where(MailboxRead.folder == folder).values(**values))
    db.session.commit()


@contextmanager
def _connected(config: Mapping[str, Any]) -> Iterator[IMAPClient]:
    security = config["IMAP_SECURITY"]
    context = ssl.create_default_context()
    client = IMAPClient(
        config["IMAP_HOST"],
        port=config["IMAP_PORT"],
        ssl=security == "ssl",
        ssl_context=context,
        timeout=config["NOTIFY_TIMEOUT_SECONDS"],
    )
    # Times as the server gave them, with their offset, not turned into this machine's local time.
    client.normalise_times = False
    try:
        if security == "starttls":
            client.starttls(context)
        client.login(config["IMAP_USERNAME"], config["IMAP_PASSWORD"])
        yield client
    finally:
        try:
            client.logout()
        except Exception:  # a connection already lost has nothing to log out of
            client.shutdown()


def _new_uids(client: IMAPClient, last_uid: int) -> list[int]:
    """The folder's messages after `last_uid`. On a first read (or a new UIDVALIDITY), only those
    since the conversations' first reply: nothing older can answer one."""
    criteria: list[Any] = ["UID", f"{last_uid + 1}:*"]
    if last_uid == 0:
        first = db.session.scalar(
            select(func.min(LeadMessage.created_at)).where(LeadMessage.direction == "out")
        )
        db.session.rollback()
        if first is None:
            return []
        criteria += ["SINCE", (as_utc(first) - timedelta(days=1)).date()]
    # "N:*" names the last message even when its UID is below N.
    return sorted(uid for uid in client.search(criteria) if uid > last_uid)


def _answered(batch: dict[int, list[str]]) -> dict[int, int]:
    """Of each message's thread ids, the lead of the first that is a conversation's: by message."""
    wanted = {message_id for ids in batch.values() for message_id in ids}
    leads = (
        dict(
            db.session.execute(
                select(LeadMessage.message_id, LeadMessage.lead_id).where(LeadMessage.message_id.in_(wanted))
            ).all()
        )
        if wanted
        else {}
    )
    db.session.rollback()
    found = {}
    for uid, ids in batch.items():
        lead_id = next((leads[message_id] for message_id in ids if message_id in leads), None)
        if lead_id is not None:
            found[uid] = lead_id
    return found


def _arrival(fetched: Mapping[bytes, Any], now: datetime) -> datetime:
    """When the server took the message in (never later than now), or now."""
    arrived = fetched.get(b"INTERNALDATE")
    if not isinstance(arrived, datetime) or arrived.tzinfo is None:
        return now
    return min(arrived.astimezone(UTC), now)


def _parsed(raw: bytes) -> Received:
    """The message as the conversation would keep it, within MESSAGE_SECONDS: past it, what its
    header says, set aside."""
    try:
        with time_limit(MESSAGE_SECONDS):
            return parse(raw)
    except TimeLimitExceeded:
        return dataclasses.replace(parse(header_section(raw)), body="", problem=TOO_SLOW)


def _fetch(client: IMAPClient, uid: int, size: int) -> Received:
    """An answer as the conversation keeps it; one at a time, so that a folder of large ones never
    sits in memory together."""
    if size <= WHOLE:
        fetched = client.fetch([uid], [b"BODY.PEEK[]"]).get(uid, {})
        return _parsed(fetched.get(b"BODY[]") or b"")
    fetched = client.fetch([uid], [f"BODY.PEEK[]<0.{PART}>".encode()]).get(uid, {})
    received = _parsed(fetched.get(b"BODY[]<0>") or b"")
    whole = (
        f"(This message is {size / 1024 / 1024:.0f} MB: only its start was read here. The rest, and any"
        " attachment not listed, is in the sales mailbox.)"
    )
    # The last attachment read may have been cut short: its size would be wrong.
    return dataclasses.replace(
        received, body=f"{received.body}\n\n{whole}".strip(), attachments=received.attachments[:-1]
    )


def _database_away(exc: Exception) -> bool:
    """A failure of the database itself, not of what a message asked it to keep: the read stops
    and is tried again, rather than set the message aside."""
    return isinstance(exc, OperationalError | InterfaceError) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    )


def _record_place(folder: str, validity: int, last_uid: int, oldest_unread: datetime | None) -> None:
    """How far the reading got, added to the session: committed with the message handled."""
    db.session.execute(
        update(MailboxRead)
        .where(MailboxRead.folder == folder)
        .values(uid_validity=validity, last_uid=last_uid, oldest_unread_at=oldest_unread)
    )


class _Folder:
    """One read of a folder: its place, and what became of each message."""

    def __init__(self, client: IMAPClient, folder: str, validity: int, now: datetime) -> None:
        self.client, self.folder, self.validity, self.now = client, folder, validity, now
        self.sales_email = current_app.config["SALES_EMAIL"]
        self.filed = self.set_aside = 0

    def handle(
        self, uid: int, lead_id: int, fetched: Mapping[bytes, Any], oldest_unread: datetime | None
    ) -> None:
        """Files the message, or sets it aside; with the place read to, in one commit."""
        arrived = _arrival(fetched, self.now)
        try:
            received = _fetch(self.client, uid, int(fetched.get(b"RFC822.SIZE", 0)))
        except (imaplib.IMAP4.abort, OSError):
            raise  # the connection's, not the message's: the read is tried again
        except imaplib.IMAP4.error as exc:  # the server would not give this message
            said = _NOT_PRINTABLE.sub("?", str(exc))[:200]
            received = Received(
                None, None, None, "", "", "", [], f"The mail server would not give it ({said})."
            )
        try:
            self._keep(uid, lead_id, received, arrived)
        except Exception as exc:
            db.session.rollback()
            if _database_away(exc):
                raise
            # What the message asked the database to keep, it would not: set aside without it.
            current_app.logger.warning("mailbox message not stored uid=%s error=%s", uid, type(exc).__name__)
            empty = Received(None, None, None, "", "", "", [])
            self._aside(uid, lead_id, empty, arrived, f"It could not be stored ({type(exc).__name__}).")
        _record_place(self.folder, self.validity, uid, oldest_unread)
        db.session.commit()

    def _keep(self, uid: int, lead_id: int, received: Received, arrived: datetime) -> None:
        lead = db.session.get(Lead, lead_id)
        if lead is None:  # erased since its reply went
            return
        if received.problem:
            self._aside(uid, lead_id, received, arrived, received.problem)
        elif filing.file(lead, received, arrived, self.sales_email, self.now) is not None:
            self.filed += 1
            MAILBOX_MESSAGES.labels("filed").inc()
        db.session.flush()

    def _aside(self, uid: int, lead_id: int, received: Received, arrived: datetime, reason: str) -> None:
        place = {"folder": self.folder, "uid_validity": self.validity, "uid": uid, "received_at": arrived}
        filing.set_aside(place, lead_id, received, reason)
        self.set_aside += 1
        MAILBOX_MESSAGES.labels("set_aside").inc()
        current_app.logger.warning("mailbox message set aside uid=%s reason=%s", uid, reason)


def _read(
    client: IMAPClient, folder: str, place: tuple[int, int], now: datetime, beat: Callable[[], None]
) -> tuple[Read, int, int]:
    """Files the folder's new answers: what was done, and the place read to."""
    selected = client.select_folder(folder, readonly=True)
    validity = int(selected[b"UIDVALIDITY"])
    last_uid = place[1] if place[0] == validity else 0
    uids = _new_uids(client, last_uid)
    read = _Folder(client, folder, validity, now)
    fields = [
        b"BODY.PEEK[" + _THREAD_FIELDS + f"]<0.{HEADER_BYTES}>".encode(),
        b"RFC822.SIZE",
        b"INTERNALDATE",
    ]
    for start in range(0, len(uids), BATCH):
        chunk = uids[start : start + BATCH]
        headers = client.fetch(chunk, fields)
        # The messages still there (one deleted since the search has no headers), with their arrivals.
        present = [uid for uid in chunk if uid in headers]
        arrivals = [_arrival(headers[uid], now) for uid in present]
        # The batch's first message waits from now until it is handled: a read stuck on it shows.
        _record_place(folder, validity, last_uid, arrivals[0] if arrivals else None)
        db.session.commit()
        answers = _answered({uid: thread_ids(headers[uid].get(_THREAD_HEADERS) or b"") for uid in present})
        for index, uid in enumerate(present):
            beat()
            if uid in answers:
                waiting = arrivals[index + 1] if index + 1 < len(arrivals) else None
                read.handle(uid, answers[uid], headers[uid], waiting)
        last_uid = chunk[-1]
        _record_place(folder, validity, last_uid, None)
        db.session.commit()
        MAILBOX_MESSAGES.labels("read").inc(len(chunk))
    # Every message there when the folder was opened has been looked at: the next read starts after
    # them, whatever the search left out.
    return Read(len(uids), read.filed, read.set_aside), validity, max(last_uid, int(selected[b"UIDNEXT"]) - 1)


def read_mailbox(now: datetime, beat: Callable[[], None] = lambda: None) -> Read | None:
    """Reads the sales mailbox's new messages, calling `beat` between them: what was done; None
    when another reader holds the folder."""
    config = current_app.config
    folder = config["IMAP_FOLDER"]
    if not _lease(folder, now):
        return None
    place = db.session.execute(
        select(MailboxRead.uid_validity, MailboxRead.last_uid).where(MailboxRead.folder == folder)
    ).one()
    db.session.rollback()
    reached = None
    try:
        with _connected(config) as client:
            done, validity, last_uid = _read(client, folder, tuple(place), now, beat)
            reached = (validity, last_uid)
    finally:
        _release(folder, now, reached)
    return done
