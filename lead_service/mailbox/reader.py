"""Leads' answers read from the sales mailbox over IMAP (IMAP_HOST), every IMAP_POLL_SECONDS by the
outbox worker's housekeeping: each new message of IMAP_FOLDER whose In-Reply-To or References names
a message of a lead's conversation is filed into that conversation (direction "in", as plain text,
its attachments listed by name and size), and the lead's owner is told through the outbox.

The mailbox is only read: the folder is opened read-only and each message fetched with PEEK, so
nothing in it changes (no message marked read, moved or deleted), and every message that answers
none of ours is left to the people who read the mailbox. Where the reading got to (the folder's
UIDVALIDITY and its last UID) is kept in mailbox_reads, with a lease that lets one worker read at a
time; a message filed twice (a worker that died before recording its place) is refused by its
Message-ID, unique in the conversations."""

import dataclasses
import ssl
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import current_app
from imapclient import IMAPClient
from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .. import audit
from ..extensions import db
from ..models.conversation import LeadMessage, MailboxRead
from ..models.leads import as_utc
from ..outbox import queue
from .received import Received, parse, thread_ids

# Long enough for a read of a large folder's first pass; a worker that dies holding it only delays
# the next read by as much.
LEASE = timedelta(minutes=10)
# Messages whose headers are fetched at once, and whose place is recorded after each such batch.
BATCH = 200
# An answer is fetched whole up to this size; of a larger one (its attachments' bytes), the start
# alone: its text comes first, and the rest stays in the mailbox.
WHOLE = 10 * 1024 * 1024
PART = 1024 * 1024
_THREAD_HEADERS = b"BODY[HEADER.FIELDS (MESSAGE-ID IN-REPLY-TO REFERENCES)]"


def _lease(folder: str, now: datetime) -> bool:
    """Takes the folder's lease, unless another worker holds it."""
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
        values.update(uid_validity=place[0], last_uid=place[1], read_at=now)
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


def file(lead_id: int, received: Received, arrived: datetime, sales_email: str) -> bool:
    """Keeps a message in the lead's conversation and queues its owner's notice, committed: false
    when it is there already, or the lead was erased in between."""
    message = LeadMessage(
        lead_id=lead_id,
        direction="in",
        created_at=arrived,
        to_address=sales_email,
        from_address=received.from_address,
        subject=received.subject,
        body=received.body,
        # A message without an id of its own still needs one to be kept once: its arrival's.
        message_id=received.message_id
        or f"<received.{lead_id}.{arrived.timestamp():.6f}@{sales_email.rpartition('@')[2]}>",
        in_reply_to=received.in_reply_to,
        reference_ids=received.references,
        attachments=received.attachments,
    )
    db.session.add(message)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        return False
    queue.enqueue_answered(lead_id, message.id)
    audit.record("reply_received", lead=lead_id, message_id=message.id)
    db.session.commit()
    return True


def _arrival(fetched: dict[bytes, Any], now: datetime) -> datetime:
    """When the server took the message in (never later than now), or now."""
    arrived = fetched.get(b"INTERNALDATE")
    if not isinstance(arrived, datetime) or arrived.tzinfo is None:
        return now
    return min(arrived.astimezone(UTC), now)


def _fetch(client: IMAPClient, uid: int, size: int, now: datetime) -> tuple[Received, datetime]:
    """An answer as the conversation keeps it, and when it came; one at a time, so that a folder of
    large ones never sits in memory together."""
    if size <= WHOLE:
        fetched = client.fetch([uid], [b"BODY.PEEK[]", b"INTERNALDATE"]).get(uid, {})
        return parse(fetched.get(b"BODY[]", b"")), _arrival(fetched, now)
    fetched = client.fetch([uid], [f"BODY.PEEK[]<0.{PART}>".encode(), b"INTERNALDATE"]).get(uid, {})
    received = parse(fetched.get(b"BODY[]<0>", b""))
    whole = (
        f"(This message is {size / 1024 / 1024:.0f} MB: only its start was read here. The rest, and any"
        " attachment not listed, is in the sales mailbox.)"
    )
    # The last attachment read may have been cut short: its size would be wrong.
    cut = dataclasses.replace(
        received, body=f"{received.body}\n\n{whole}".strip(), attachments=received.attachments[:-1]
    )
    return cut, _arrival(fetched, now)


def _record_place(folder: str, validity: int, last_uid: int) -> None:
    """How far the reading got, within the lease, so that a worker that dies goes on from there."""
    db.session.execute(
        update(MailboxRead)
        .where(MailboxRead.folder == folder)
        .values(uid_validity=validity, last_uid=last_uid)
    )
    db.session.commit()


def _read(client: IMAPClient, folder: str, place: tuple[int, int], now: datetime) -> tuple[int, int, int]:
    """Files the folder's new answers: how many, and the place read to."""
    selected = client.select_folder(folder, readonly=True)
    validity = int(selected[b"UIDVALIDITY"])
    last_uid = place[1] if place[0] == validity else 0
    uids = _new_uids(client, last_uid)
    sales_email = current_app.config["SALES_EMAIL"]
    filed = 0
    for start in range(0, len(uids), BATCH):
        chunk = uids[start : start + BATCH]
        headers = client.fetch(chunk, [_THREAD_HEADERS.replace(b"BODY", b"BODY.PEEK", 1), b"RFC822.SIZE"])
        answers = _answered({uid: thread_ids(headers[uid].get(_THREAD_HEADERS, b"")) for uid in headers})
        for uid in sorted(answers):
            size = int(headers[uid].get(b"RFC822.SIZE", 0))
            received, arrived = _fetch(client, uid, size, now)
            filed += file(answers[uid], received, arrived, sales_email)
        last_uid = chunk[-1]
        _record_place(folder, validity, last_uid)
    # Every message there when the folder was opened has been looked at: the next read starts after
    # them, whatever the search left out.
    return filed, validity, max(last_uid, int(selected[b"UIDNEXT"]) - 1)


def read_mailbox(now: datetime) -> int | None:
    """Reads the sales mailbox's new messages: how many were filed; None when another worker reads it."""
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
            filed, validity, last_uid = _read(client, folder, tuple(place), now)
            reached = (validity, last_uid)
    finally:
        _release(folder, now, reached)
    return filed
